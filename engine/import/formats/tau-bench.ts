// tau-bench results (a JSON list of {task_id, reward, info, traj, trial}, or one such object) and
// tau2-bench results ({info, tasks, simulations: [...]}, or the dir layout: results.json beside a
// simulations/ folder). One trajectory per record / simulation.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { withoutCompression } from '../decompress';
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { parseJson, readTextFile, splitTopLevelArray, type ArrayElement } from '../json-document';
import { isRecord, messagesToTurns } from '../../chat/openai-messages';
import { crashedBeforeTurns } from '../crashed-record';
import { topLevelListElements } from './inspect-json-layout';
import { tau2RunInfo, tau2Simulation } from './tau-bench-tau2';
import { readTau2Dir, simulationFiles } from './tau-bench-tau2-dir';
import { formatInfo } from '../format-infos';

const DOMAINS = /(?:^|[^a-z])(airline|retail|telecom|mock)(?:[^a-z]|$)/i;

/** tau-bench result files carry the domain only in their name (gpt-4o-airline.json). */
export function domainOfFile(file: string): string | null {
  const match = DOMAINS.exec(path.basename(withoutCompression(file)));
  return match?.[1]?.toLowerCase() ?? null;
}

export function tauRecord(raw: unknown, domain: string | null): CanonicalTrajectory {
  if (!isRecord(raw)) throw new RecordError('expected a result object');
  if (typeof raw.task_id !== 'number' && typeof raw.task_id !== 'string') {
    throw new RecordError('task_id: expected a number or a string');
  }
  const taskId = domain ? `${domain}/${String(raw.task_id)}` : String(raw.task_id);
  const info = isRecord(raw.info) ? raw.info : {};
  // A task that raised: run.py writes traj [] with info.error and info.traceback.
  const turns = crashedBeforeTurns(raw.traj, info.error) ? [] : messagesToTurns(raw.traj, 'traj');
  const rewardInfo = isRecord(info.reward_info) ? info.reward_info : {};
  const rewardValue = raw.reward ?? rewardInfo.reward;
  if (rewardValue !== undefined && rewardValue !== null) {
    if (typeof rewardValue !== 'number' || !Number.isFinite(rewardValue)) {
      throw new RecordError('reward: expected a number');
    }
  }
  const reward = typeof rewardValue === 'number' ? rewardValue : null;
  if (raw.trial !== undefined && raw.trial !== null && !Number.isInteger(raw.trial)) {
    throw new RecordError('trial: expected an integer');
  }
  const trial = typeof raw.trial === 'number' ? raw.trial : null;
  return {
    source_id: `${taskId}:trial${trial ?? 0}`,
    task_id: taskId,
    group_id: taskId,
    sample_index: trial,
    model: null,
    reward,
    // tau-bench states no verdict besides the reward: the dataset's outcome rule decides.
    success: null,
    metadata: { domain, task_id: raw.task_id, ...info } as Record<string, unknown>,
    tools: null,
    turns,
  };
}

function* convert(
  elements: ArrayElement[],
  where: string,
  toTrajectory: (value: unknown, index: number) => CanonicalTrajectory,
): Iterable<ReadItem> {
  const seen = new Set<string>();
  for (const [index, element] of elements.entries()) {
    const parsed = parseJson(element.text, element.line);
    if (!parsed.ok) {
      yield { kind: 'error', line: parsed.line, reason: parsed.reason };
      continue;
    }
    try {
      const trajectory = toTrajectory(parsed.value, index);
      // Reruns of a task and trial in one file still need distinct ids.
      let id = trajectory.source_id;
      for (let n = 2; seen.has(id); n += 1) id = `${trajectory.source_id}#${n}`;
      seen.add(id);
      yield {
        kind: 'trajectory',
        line: element.line,
        trajectory: { ...trajectory, source_id: id },
      };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line: element.line, reason: `${where}[${index}]: ${reason}` };
    }
  }
}

const NOT_TAU =
  'not tau-bench results: expected a list of tau-bench results {task_id, traj, reward, info, ' +
  'trial} or one such result, or tau2-bench results {info, tasks, simulations} (or a ' +
  'results.json beside a simulations/ folder)';

/** tau2 results carry the run's info (agent, user, environment) or, in dir layout, an index. */
function isTau2Results(value: Record<string, unknown>): boolean {
  const info = isRecord(value.info) ? value.info : null;
  return (
    Array.isArray(value.simulations) ||
    Array.isArray(value.simulation_index) ||
    (info !== null && (isRecord(info.environment_info) || isRecord(info.agent_info)))
  );
}

async function* readTau2(
  file: string,
  text: string,
  results: Record<string, unknown>,
  context: ReadContext,
): AsyncIterable<ReadItem> {
  const run = tau2RunInfo(results);
  if (results.simulations === undefined || results.simulations === null) {
    yield* readTau2Dir(file, text, run, context);
    return;
  }
  const elements = topLevelListElements(text, 'simulations');
  if (elements === null) {
    yield { kind: 'error', line: 1, reason: 'simulations: expected a list of simulations' };
    return;
  }
  for (const item of convert(elements, 'simulations', (v, i) => tau2Simulation(v, run, i))) {
    if (context.signal.aborted) return;
    yield item;
  }
}

async function* readTau(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const list = splitTopLevelArray(text);
  if (list !== null) {
    const domain = domainOfFile(file);
    for (const item of convert(list, 'records', (value) => tauRecord(value, domain))) {
      if (context.signal.aborted) return;
      yield item;
    }
    return;
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  const value = parsed.value;
  if (!isRecord(value)) {
    yield { kind: 'error', line: 1, reason: NOT_TAU };
    return;
  }
  if (isTau2Results(value)) {
    yield* readTau2(file, text, value, context);
    return;
  }
  if (value.traj === undefined && value.task_id === undefined) {
    yield { kind: 'error', line: 1, reason: NOT_TAU };
    return;
  }
  // One tau-bench result saved on its own.
  try {
    yield { kind: 'trajectory', line: 1, trajectory: tauRecord(value, domainOfFile(file)) };
  } catch (error) {
    const reason = recordErrorReason(error);
    if (reason === null) throw error;
    yield { kind: 'error', line: 1, reason };
  }
}

/**
 * The dir layout's simulation files, read with their results.json and never on their own: those
 * beside a plain JSON object file (tau2 writes results.json uncompressed), as tau2 finds them.
 */
async function tau2Companions(file: string): Promise<string[]> {
  if (withoutCompression(file) !== file) return [];
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const start = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start.startsWith('{') ? await simulationFiles(file) : [];
  } finally {
    await handle.close();
  }
}

export const tauBenchFormat: FormatReader = {
  ...formatInfo('tau-bench'),
  detect({ path: file, head }) {
    if (!/\.json$/i.test(withoutCompression(file))) return 0;
    if (/^\s*\[/.test(head)) {
      if (!/^\s*\[\s*\{/.test(head) || !/"task_id"\s*:/.test(head)) return 0;
      if (/"traj"\s*:\s*\[/.test(head)) return 0.9;
      return /"reward_info"\s*:/.test(head) ? 0.7 : 0;
    }
    if (!/^\s*\{/.test(head)) return 0;
    if (/"simulations"\s*:\s*\[/.test(head)) {
      return /"termination_reason"|"reward_info"|"agent_info"/.test(head) ? 0.9 : 0.6;
    }
    // The tasks list precedes the simulations and may fill the whole head; the dir layout's
    // results.json has the same keys and no simulations at all.
    const tau2Keys = ['"agent_info"', '"user_info"', '"environment_info"', '"tasks"'];
    if (tau2Keys.every((key) => head.includes(key))) return 0.85;
    // One tau-bench result: its conversation and task id, in any key order.
    return /"traj"\s*:\s*\[/.test(head) && /"task_id"\s*:/.test(head) ? 0.85 : 0;
  },
  read: readTau,
  companionFiles: tau2Companions,
};
