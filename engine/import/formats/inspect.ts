// Inspect AI eval logs (UK AISI): `.json` (the whole log) and `.eval` (a zip, one entry per
// sample). One trajectory per sample and epoch.
import { withoutCompression } from '../decompress';
import {
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { readInspectEval } from './inspect-eval-zip';
import { topLevelListElements } from './inspect-json-layout';
import { evalInfo, inspectSample } from './inspect-sample';
import { formatInfo } from '../format-infos';

async function* readInspectJson(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  const log = parsed.value;
  if (!isRecord(log) || !isRecord(log.eval)) {
    yield { kind: 'error', line: 1, reason: 'eval: expected an Inspect AI log object' };
    return;
  }
  if (!Array.isArray(log.samples)) {
    const reason =
      log.samples === undefined
        ? 'samples: the log has no samples (written with --no-log-samples?)'
        : 'samples: expected a list';
    yield { kind: 'error', line: 1, reason };
    return;
  }
  const info = evalInfo(log);
  const lines = topLevelListElements(text, 'samples');
  for (let index = 0; index < log.samples.length; index += 1) {
    if (context.signal.aborted) return;
    const line = lines?.[index]?.line ?? 1;
    try {
      yield { kind: 'trajectory', line, trajectory: inspectSample(log.samples[index], info) };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line, reason: `samples[${index}]: ${reason}` };
    }
  }
}

export const inspectFormat: FormatReader = {
  ...formatInfo('inspect'),
  detect({ path: file, head }) {
    const name = withoutCompression(file);
    if (/\.eval$/i.test(name)) return head.startsWith('PK') ? 0.95 : 0.3;
    if (!/\.json$/i.test(name) || !/^\s*\{/.test(head)) return 0;
    if (!/"eval"\s*:\s*\{/.test(head)) return 0;
    const markers = ['"plan"', '"results"', '"samples"', '"task_id"', '"run_id"'];
    const found = markers.filter((marker) => head.includes(marker)).length;
    return found >= 2 ? 0.9 : 0.4;
  },
  read(file, context) {
    return /\.eval$/i.test(file) ? readInspectEval(file, context) : readInspectJson(file, context);
  },
};
