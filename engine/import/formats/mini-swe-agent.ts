// The `mini-swe-agent` format: `<instance>.traj.json` files, either v2 ({info, messages,
// trajectory_format}) or legacy (a bare list of {role, content}). One trajectory per file;
// resolution is joined from a SWE-bench results report (FormatOptions.report).
import path from 'node:path';
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { readSingleDocument } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { miniMessagesToTurns } from './mini-swe-agent-turns';
import { optionalReport, reportOutcome, type ResultsReport } from './swe-bench-report';
import { formatInfo } from '../format-infos';

function stemOf(file: string): string {
  return path.basename(withoutCompression(file)).replace(/(\.traj)?\.json$/i, '');
}

function stringAt(value: unknown, ...keys: string[]): string | null {
  let current = value;
  for (const key of keys) current = isRecord(current) ? current[key] : undefined;
  return typeof current === 'string' && current !== '' ? current : null;
}

/** The model of the first reply that names one (v2 keeps the provider response in extra). */
function responseModel(messages: unknown[]): string | null {
  for (const message of messages) {
    const model = stringAt(message, 'extra', 'response', 'model');
    if (model !== null) return model;
  }
  return null;
}

/** Converts one parsed `.traj.json` document. */
export function miniSweAgentRecord(
  document: unknown,
  stem: string,
  report: ResultsReport | null,
): CanonicalTrajectory {
  const legacy = Array.isArray(document);
  if (!legacy && !isRecord(document)) {
    throw new RecordError('expected a JSON object with messages, or a list of messages');
  }
  const messages = legacy ? document : document.messages;
  if (!Array.isArray(messages)) throw new RecordError('messages: expected a list of messages');
  if (messages.length === 0) throw new RecordError('messages: the message list is empty');
  const turns = miniMessagesToTurns(messages, legacy ? '' : 'messages');

  const metadata: Record<string, unknown> = {
    trajectory_format: legacy ? 'legacy-list' : (document.trajectory_format ?? null),
  };
  let infoInstance: string | null = null;
  if (!legacy) {
    if (document.info !== undefined && document.info !== null && !isRecord(document.info)) {
      throw new RecordError('info: expected an object');
    }
    // info.config can carry api keys; the import redacts them with the rest (secrets/redact.ts).
    for (const [key, value] of Object.entries(document.info ?? {})) {
      metadata[key] = value;
    }
    infoInstance = stringAt(document, 'instance_id') ?? stringAt(document, 'info', 'instance_id');
  }
  const instanceId = infoInstance ?? stem;
  const outcome = reportOutcome(report, instanceId);
  if (report !== null) metadata.report = { path: report.path, judged: outcome !== null };
  return {
    source_id: stem,
    task_id: instanceId,
    group_id: instanceId,
    // A SWE-bench instance id names the same task in any file; a file stem does not.
    group_scope: infoInstance === null ? 'file' : 'global',
    sample_index: null,
    model: legacy
      ? null
      : (stringAt(document, 'info', 'config', 'model', 'model_name') ?? responseModel(messages)),
    reward: outcome?.reward ?? null,
    success: outcome?.success ?? null,
    metadata,
    tools: null,
    turns,
  };
}

async function* readMiniSweAgent(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const report = await optionalReport(context);
  yield* readSingleDocument(file, context, (document) =>
    miniSweAgentRecord(document, stemOf(file), report),
  );
}

const V2_MARKER = /"trajectory_format"\s*:\s*"mini-swe-agent/;
const LIST_OF_MESSAGES = /^\s*\[\s*\{\s*"(role|content)"\s*:/;
// What mini-swe-agent's prompts and observations look like.
const MINI_MARKERS = /mswea_bash_command|<returncode>|COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT/;

export const miniSweAgentFormat: FormatReader = {
  ...formatInfo('mini-swe-agent'),
  detect({ path: file, head }) {
    try {
      if (!/\.json$/i.test(withoutCompression(file))) return 0;
      if (/^\s*\{/.test(head)) {
        if (V2_MARKER.test(head)) return 0.95;
        const v2Shape = /"messages"\s*:\s*\[/.test(head) && /"mini_version"\s*:/.test(head);
        return v2Shape ? 0.9 : 0;
      }
      if (!LIST_OF_MESSAGES.test(head)) return 0;
      const named = /\.traj\.json$/i.test(withoutCompression(file));
      if (MINI_MARKERS.test(head)) return named ? 0.9 : 0.85;
      return named ? 0.6 : 0;
    } catch {
      return 0;
    }
  },
  read: readMiniSweAgent,
};
