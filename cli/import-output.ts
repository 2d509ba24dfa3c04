// What `turnwise import` prints for a person: the datasets made, the files left out and why, the
// bad records skipped and the content readers dropped; and its errors in command-line terms.
import { canSkipBadRecords, formatRemedy } from '../shared/api-import';
import type { ImportSummary } from '../shared/model';
import type { ApiError } from '../shared/result';

/** The error's message, with the flags that fix it when choosing a format would. */
export function importErrorText(error: ApiError): string {
  if (canSkipBadRecords(error.details)) {
    return `${error.message}; pass --on-error skip to import the good records and list the bad ones`;
  }
  const remedy = formatRemedy(error.details);
  if (remedy === null) return error.message;
  const skip = remedy.can_skip ? ', or --on-error skip to leave the file out' : '';
  return `${error.message}; pass --format with one of: ${remedy.formats.join(', ')}${skip}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function counts(s: { trajectories: number; turns: number; actions: number }): string {
  return `${s.trajectories} trajectories (${s.turns} turns, ${s.actions} actions)`;
}

export function importReport(summary: ImportSummary, attached: boolean): string[] {
  const verb = attached ? 'Attached' : 'Imported';
  const seconds = `${summary.seconds.toFixed(2)} s`;
  const lines: string[] = [];
  if (summary.datasets.length <= 1) {
    lines.push(
      `${verb} ${counts(summary)} as dataset '${summary.dataset}' (format ${summary.format}) in ${seconds}.`,
    );
  } else {
    lines.push(
      `${verb} ${counts(summary)} into ${summary.datasets.length} datasets in ${seconds}:`,
    );
    for (const made of summary.datasets) {
      lines.push(
        `  '${made.dataset}' (format ${made.format}): ${plural(made.files, 'file')}, ${counts(made)}`,
      );
    }
  }
  if (summary.secrets_redacted > 0) {
    lines.push(
      `Redacted ${summary.secrets_redacted} secrets (API keys, tokens, private keys, passwords); ` +
        'the dataset page lists them by kind. --keep-secrets imports them as they are.',
    );
  } else if (summary.secrets === 'kept') {
    lines.push(
      'Secrets were kept as they are (--keep-secrets); exports redact them unless --secrets keep.',
    );
  }
  for (const made of summary.datasets.filter((dataset) => dataset.replaced === true)) {
    lines.push(
      `Replaced dataset '${made.dataset}', which held the same content with its secrets ` +
        'redacted; its labels, credit and review items stay attached.',
    );
  }
  if (summary.skipped_files.length > 0) {
    lines.push(`Left out ${plural(summary.skipped_files.length, 'file')}:`);
    for (const file of summary.skipped_files) lines.push(`  ${file.file}: ${file.reason}`);
  }
  if (summary.skipped.length > 0) {
    lines.push(`Skipped ${summary.skipped.length} bad records:`);
    for (const bad of summary.skipped) lines.push(`  ${bad.file}:${bad.line}: ${bad.reason}`);
  }
  if (summary.dropped.length > 0) {
    lines.push(`Left out content of imported records (${summary.dropped.length} notes):`);
    for (const note of summary.dropped) lines.push(`  ${note.file}:${note.line}: ${note.reason}`);
  }
  return lines;
}
