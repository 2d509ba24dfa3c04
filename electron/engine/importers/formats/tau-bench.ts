// tau-bench results (a JSON list of {task_id, reward, info, traj, trial}) and tau2-bench results
// ({info, tasks, simulations: [...]}). One trajectory per record / simulation.
import path from 'node:path';
import { withoutCompression } from '../decompress';
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../canonical';
import { parseJson, readTextFile, splitTopLevelArray, type ArrayElement } from '../json-document';
import { isRecord, messagesToTurns } from '../openai-messages';
import { topLevelListElements } from './inspect-json-layout';
import { tau2RunInfo, tau2Simulation } from './tau-bench-tau2';

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
  const turns = messagesToTurns(raw.traj, 'traj');
  const info = isRecord(raw.info) ? raw.info : {};
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
  if (!isRecord(parsed.value) || !Array.isArray(parsed.value.simulations)) {
    yield { kind: 'error', line: 1, reason: 'simulations: expected a list of tau2 simulations' };
    return;
  }
  const run = tau2RunInfo(parsed.value);
  const elements = topLevelListElements(text, 'simulations') ?? [];
  for (const item of convert(elements, 'simulations', (v, i) => tau2Simulation(v, run, i))) {
    if (context.signal.aborted) return;
    yield item;
  }
}

export const tauBenchFormat: FormatReader = {
  name: 'tau-bench',
  description:
    'tau-bench results (list of {task_id, reward, info, traj, trial}) and tau2-bench results ' +
    '({info, tasks, simulations}); the simulated user may call tools',
  extensions: ['.json', '.json.gz', '.json.zst'],
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
    // The tasks list precedes the simulations and may fill the whole head.
    const tau2Keys = ['"agent_info"', '"user_info"', '"environment_info"', '"tasks"'];
    return tau2Keys.every((key) => head.includes(key)) ? 0.85 : 0;
  },
  read: readTau,
};
