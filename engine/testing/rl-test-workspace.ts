// Test support for the verl and trl-grpo export tests: an engine over a workspace built from real
// samples (see samplePath; tau-bench: mixed tool-argument shapes and expected actions;
// Inspect: a sample target; NeMo Gym: verifier_metadata, and five rollouts of one task).
import { samplePath } from './test-support';
import { openTestEngine, type TestEngine } from './export-test-workspace';

export {
  contract,
  manifestEntry,
  readLines,
  readParquet,
  type Row,
  type TestEngine,
  sha256,
} from './export-test-workspace';

/** Dataset name -> sample file. */
export const RL_SAMPLES: Record<string, string> = {
  tau: 'tau-bench/gpt-4o-airline.subset4.json',
  inspect: 'inspect-ai/log_formats.json',
  weather: 'nemo-gym/example_mcp_weather.example_rollouts.jsonl',
  coding: 'nemo-gym/competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
};

/** An engine over a fresh workspace in a temp dir with every RL sample imported. */
export function openSampleEngine(): Promise<TestEngine> {
  return openTestEngine(() =>
    Object.fromEntries(
      Object.entries(RL_SAMPLES).map(([dataset, file]) => [dataset, samplePath(file)]),
    ),
  );
}
