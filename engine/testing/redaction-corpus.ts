// Test material: a labelled corpus for measuring redaction both ways (docs/security.md). Real
// rollouts from the sample files, read in place, with planted secrets (which must go) and planted
// non-secrets (which must stay) appended to their turns; every replacement the redactor makes is
// then judged against the labels.
import { readAllItems, samplePath, trajectoriesOf } from './test-support';
import { plainTurn, type CanonicalTrajectory, type CanonicalTurn } from '../chat/canonical';
import { detectFormat } from '../import/registry';
import { plantedNonSecrets, type PlantedValue } from './planted-non-secrets';
import { plantedInContext, plantedSecrets, type PlantedSecret } from './planted-secrets';

/** Every sample file a reader takes (the others are companions or summaries). */
export const CORPUS_SAMPLES = [
  'atif-harbor/harbor_openhands.json',
  'atif-harbor/harbor_terminus2_timeout.json',
  'atif-harbor/multi_tool_trajectory.json',
  'atif-harbor/subagent_trajectories.json',
  'inspect-ai/2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval',
  'inspect-ai/2025-05-12T20-27-36-04-00_browser.json',
  'inspect-ai/log_formats.eval',
  'inspect-ai/log_formats.json',
  'inspect-ai/log_streaming.eval',
  'inspect-ai/log_tool_call_error.json',
  'mini-swe-agent/astropy__astropy-12907.traj.json',
  'mini-swe-agent/github_issue.traj.json',
  'mini-swe-agent/local.traj.json',
  'nemo-gym/competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
  'nemo-gym/example_mcp_weather.example_rollouts.jsonl',
  'nemo-gym/example_multi_turn_gymnasium.example_rollouts.jsonl',
  'nemo-gym/example_single_tool_call.example_rollouts.jsonl',
  'openhands/basic.json',
  'openhands/basic_interactions.json',
  'openhands/multi_swe_bench_eval_output.jsonl',
  'sharegpt/llamafactory_glaive_toolcall_en_demo.json',
  'swe-agent-traj/function_calling_simple.traj',
  'swe-agent-traj/pydicom__pydicom-1458.old-v0.traj',
  'swe-agent-traj/swe-agent__test-repo-i1.traj',
  'tau-bench/gpt-4o-airline.subset4.json',
] as const;

/**
 * Secrets the real logs hold, as labelled by reading every replacement made in them: passwords
 * that the password-generator tools of the LLaMA-Factory glaive sample return and the assistant
 * hands on. Their replacement is correct; everything else replaced in the real logs is not.
 */
export const REAL_LOG_SECRETS: readonly string[] = [
  'aB3#fG7!kL9@',
  'aBcD1234EfGh',
  'A1b2C3d4E5f6',
  'a9B7$#fG3&Z1',
];

export async function sampleTrajectories(): Promise<CanonicalTrajectory[]> {
  const all: CanonicalTrajectory[] = [];
  for (const name of CORPUS_SAMPLES) {
    const file = samplePath(name);
    all.push(...trajectoriesOf(await readAllItems(await detectFormat(file), file)));
  }
  return all;
}

export interface Corpus {
  trajectories: CanonicalTrajectory[];
  /** Planted secrets by trajectory index. */
  secrets: Map<number, PlantedSecret[]>;
  /** Planted non-secrets by trajectory index. */
  values: Map<number, PlantedValue[]>;
}

/** Where planted text goes, in turn: the fields a harness or an agent writes. */
const PLACES = ['tool_output', 'assistant_message', 'turn_error', 'reasoning'] as const;

function turnFor(trajectory: CanonicalTrajectory, role: 'tool' | 'assistant'): CanonicalTurn {
  const found = [...trajectory.turns].reverse().find((turn) => turn.role === role);
  if (found !== undefined) return found;
  const added = plainTurn(role, '');
  trajectory.turns.push(added);
  return added;
}

function plant(trajectory: CanonicalTrajectory, text: string, place: number): void {
  const where = PLACES[place % PLACES.length];
  if (where === 'tool_output') {
    const turn = turnFor(trajectory, 'tool');
    turn.content += `\n${text}\n`;
  } else if (where === 'assistant_message') {
    const turn = turnFor(trajectory, 'assistant');
    turn.content += `\n${text}\n`;
  } else if (where === 'turn_error') {
    const turn = turnFor(trajectory, 'tool');
    const message = turn.error?.message ?? 'command failed';
    turn.error = { kind: 'error', exit_code: null, ...turn.error, message: `${message}\n${text}` };
  } else {
    const turn = turnFor(trajectory, 'assistant');
    turn.reasoning = `${turn.reasoning ?? ''}\n${text}\n`;
  }
}

/** The task's prompt gains a sentence: in its first user message, or a new one after the system. */
function promptWith(trajectory: CanonicalTrajectory, sentence: string): void {
  const user = trajectory.turns.find((turn, index) => {
    const before = trajectory.turns.slice(0, index);
    return turn.role === 'user' && before.every((t) => t.role === 'system');
  });
  if (user !== undefined) user.content = `${user.content}\n${sentence}`;
  else {
    const systems = trajectory.turns.findIndex((turn) => turn.role !== 'system');
    trajectory.turns.splice(systems === -1 ? 0 : systems, 0, plainTurn('user', sentence));
  }
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

/** The real rollouts with `rounds` fresh sets of planted secrets and non-secrets spread over them. */
export function buildCorpus(real: CanonicalTrajectory[], rounds: number): Corpus {
  const trajectories = real.map((trajectory) => structuredClone(trajectory));
  const secrets = new Map<number, PlantedSecret[]>();
  const values = new Map<number, PlantedValue[]>();
  let next = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const planted of [...plantedSecrets(), ...plantedInContext()]) {
      const index = next % trajectories.length;
      plant(trajectories[index] as CanonicalTrajectory, planted.text, next + round);
      push(secrets, index, planted);
      next += 1;
    }
    for (const planted of plantedNonSecrets()) {
      const index = next % trajectories.length;
      const trajectory = trajectories[index] as CanonicalTrajectory;
      if (planted.prompt !== undefined) promptWith(trajectory, planted.prompt);
      plant(trajectory, planted.text, next + round);
      push(values, index, planted);
      next += 1;
    }
  }
  return { trajectories, secrets, values };
}
