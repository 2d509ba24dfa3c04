// `turnwise judge eval` through the real command, against a local server speaking the OpenAI chat
// API: the --json contract, the human-readable report, and bad input refused with exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeEval } from '../shared/api-judge-eval';
import {
  startOpenAIChatServer,
  type OpenAIChatServer,
} from '../engine/testing/servers/openai-chat-server';
import { turnwiseRecord } from '../engine/testing/test-support';
import { cliWorkspace, importRuns, onlyJson, turnwise } from './cli-test-support';

const workspace = cliWorkspace();
const { db } = workspace;
let server: OpenAIChatServer;

beforeAll(async () => {
  // One successful trajectory of two read_file actions; the test judge calls both
  // useful_exploration. Humans say useful_exploration, then regression.
  const trajectory = turnwiseRecord({ id: 'a', reward: 1, success: true, actions: 2 });
  await importRuns(workspace, [trajectory], async (engine) => {
    for (const [segment_index, role_label] of [
      [0, 'useful_exploration'],
      [1, 'regression'],
    ] as const) {
      const set = await engine.dispatch('setLabel', {
        trajectory_id: 'runs:a',
        segment_index,
        role_label,
        annotator: 'alice',
      });
      expect(set.ok).toBe(true);
    }
  });
  server = await startOpenAIChatServer();
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe('turnwise judge eval', () => {
  it('judges the suite and prints one JSON object: the stored evaluation', async () => {
    const run = await turnwise(
      'judge',
      '--db',
      db,
      'eval',
      '--version',
      'triage-judge/1',
      '--endpoint',
      server.baseUrl,
      '--model',
      'cli-judge',
      '--json',
    );
    const result = onlyJson(run) as JudgeEval & { eval_id: string };
    expect(result.eval_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.requests).toHaveLength(2);
    // Human E, R vs judge E, E: accuracy 1/2; rows E 1, R 1, columns E 2:
    // p_e = (1*2 + 1*0)/4 = 1/2, so kappa = (1/2 - 1/2)/(1/2) = 0.
    // Regression in success: TP 0 FP 0 FN 1 -> precision null, recall 0, F1 0.
    expect(result).toMatchObject({
      prompt_version: 'triage-judge/1',
      model: 'cli-judge',
      suite_segments: 2,
      unjudged: 0,
      judging: { segments: 2, labeled: 2, failed: 0 },
      human_labeled: { n: 2, accuracy: 0.5, kappa: 0 },
      counterexamples: { n: 0, accuracy: null, kappa: null },
      regression_in_success: { support: 1, precision: null, recall: 0, f1: 0 },
    });
  }, 120_000);

  it('prints a report for people when scoring existing labels', async () => {
    server.reset();
    const run = await turnwise(
      'judge',
      'eval',
      '--db',
      db,
      '--version',
      'triage-judge/1',
      '--model',
      'cli-judge',
    );
    expect(run.code).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(run.stdout).toContain(
      'Judge triage-judge/1 (cli-judge) on action segments: 2 in the suite, 0 without a label',
    );
    expect(run.stdout).toMatch(/^human-labeled segments\s+2\s+0\.500\s+0\.000$/m);
    expect(run.stdout).toMatch(/^approved counterexamples\s+0\s+-\s+-$/m);
    expect(run.stdout).toMatch(/^useful_exploration\s+1\s+0\.500\s+1\.000\s+0\.667$/m);
    expect(run.stdout).toContain(
      'Regression in successful trajectories: F1 0.000 (precision -, recall 0.000, support 1).',
    );
  }, 120_000);

  it('refuses bad input with exit 2', async () => {
    const run = await turnwise(
      'judge',
      '--db',
      db,
      'eval',
      '--version',
      'triage-judge/1',
      '--endpoint',
      server.baseUrl,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--endpoint goes with --model NAME');
    const unknown = await turnwise('judge', '--db', db, 'eval', '--version', 'nope/1');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no judge prompt version 'nope/1'");
  }, 120_000);
});
