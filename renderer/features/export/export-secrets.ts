// The Export screen's word on secrets after an export (docs/security.md): what it re-scanned and
// redacted as it wrote, or that it kept the text as stored. The CLI prints the same facts.
import type { ExportSummary } from '../../../shared/api-export';
import { formatCount } from '../../components/format';

/** What the export did with secrets, in a sentence. */
export function secretsSentence(secrets: ExportSummary['secrets']): string {
  if (secrets.mode === 'keep') return 'Secrets were kept as stored; none was redacted.';
  const total = secrets.redacted.reduce((sum, kind) => sum + kind.count, 0);
  const scanned =
    secrets.mode === 'redact' || secrets.scanned_trajectories > 0
      ? `Re-scanned ${formatCount(secrets.scanned_trajectories)} trajectories for secrets`
      : 'Every dataset was redacted at import and written as stored';
  const kinds = secrets.redacted.map((kind) => `${formatCount(kind.count)} ${kind.kind}`);
  return total === 0
    ? `${scanned}; none redacted.`
    : `${scanned}; redacted ${formatCount(total)}: ${kinds.join(', ')}.`;
}
