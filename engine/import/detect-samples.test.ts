// `--format auto` picks the right reader for every real sample, and the non-trajectory companion
// files (predictions, dataset_info) are refused with the formats to choose from.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { samplePath, tempDir } from '../testing/test-support';
import { detectFormat, FORMATS, scoreFormats } from './registry';
import { runImport } from './run-import';

const EXPECTED: Record<string, string> = {
  'atif-harbor': 'atif',
  'inspect-ai': 'inspect',
  'mini-swe-agent': 'mini-swe-agent',
  'nemo-gym': 'nemo-gym',
  openhands: 'openhands',
  sharegpt: 'sharegpt',
  'swe-agent-traj': 'swe-agent',
  'tau-bench': 'tau-bench',
};

/** Companion files that are not trajectories: auto-detection must not claim them. */
const NOT_TRAJECTORIES = new Set([
  'mini-swe-agent/results.json',
  'openhands/swe_bench_example_model_output.json',
  'sharegpt/llamafactory_dataset_info.json',
  'swe-agent-traj/all_preds.jsonl',
]);

const SAMPLES = Object.keys(EXPECTED).flatMap((folder) =>
  readdirSync(samplePath(folder))
    .filter((name) => name !== 'SOURCE.txt')
    .map((name) => [`${folder}/${name}`, folder] as const),
);

describe('format detection on the real samples', () => {
  it('finds samples in every folder', () => {
    expect(SAMPLES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(SAMPLES.filter(([file]) => !NOT_TRAJECTORIES.has(file)))('%s', async (file, folder) => {
    const reader = await detectFormat(samplePath(file));
    expect(reader.name).toBe(EXPECTED[folder]);
  });

  it.each([...NOT_TRAJECTORIES])('%s is not taken for trajectories', async (file) => {
    const scores = await scoreFormats(samplePath(file));
    expect(scores.filter((s) => s.score >= 0.3)).toEqual([]);
    // The fix (choosing a format) travels as details, for each front end to say in its terms.
    await expect(detectFormat(samplePath(file))).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/: format not recognised/) as unknown as string,
      details: { remedy: 'choose_format', formats: FORMATS.map((format) => format.name) },
    });
  });

  it('the demo dataset is the turnwise format', async () => {
    const reader = await detectFormat(
      new URL('../../datasets/demo/demo.jsonl', import.meta.url).pathname,
    );
    expect(reader.name).toBe('turnwise');
  });
});

describe('every real sample imports end to end with --format auto', () => {
  let workspace: Workspace;
  let cleanup: () => void;
  beforeAll(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    workspace = await Workspace.open(path.join(temp.dir, 'ws.duckdb'));
  });
  afterAll(() => {
    workspace.close();
    cleanup();
  });

  it.each(SAMPLES.filter(([file]) => !NOT_TRAJECTORIES.has(file)))('%s', async (file, folder) => {
    const summary = await runImport(
      workspace,
      {
        paths: [samplePath(file)],
        format: 'auto',
        onError: 'abort',
        dataset: file.replace(/\W+/g, '-'),
      },
      () => undefined,
      new AbortController().signal,
    );
    expect(summary.format).toBe(EXPECTED[folder]);
    expect(summary.skipped).toEqual([]);
    expect(summary.trajectories).toBeGreaterThan(0);
    const [row] = await workspace.query(
      `SELECT count(*) AS n, min(n_turns) AS min_turns FROM trajectories WHERE dataset_id = $1`,
      [summary.dataset],
    );
    expect(row).toEqual({
      n: summary.trajectories,
      min_turns: expect.any(Number) as unknown as number,
    });
    expect(Number(row?.min_turns)).toBeGreaterThan(0);
  });
});

/** Coding-agent session fixtures (formats/fixtures, SOURCE.md there) and the format each is. */
const SESSION_FIXTURES: [string, string][] = [
  ['claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl', 'claude-code'],
  ['claude-code/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl', 'claude-code'],
  ['claude-code/agent-50243ee8.jsonl', 'claude-code'],
  ['claude-code/incremental-subagents/turn-1.jsonl', 'claude-code'],
  ['claude-code/incremental-subagents/turn-1/subagents/agent-a485154.head20.jsonl', 'claude-code'],
  [
    'codex-cli/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.head70.jsonl',
    'codex-cli',
  ],
  ['nemo-gym/anyswe_claude_code.example_rollouts.head1.jsonl', 'nemo-gym'],
];

describe('format detection on the coding-agent session fixtures', () => {
  it.each(SESSION_FIXTURES)('%s', async (file, format) => {
    const reader = await detectFormat(path.join(import.meta.dirname, 'formats/fixtures', file));
    expect(reader.name).toBe(format);
  });
});
