// The judge job end to end through the engine's dispatch, against a local server speaking the
// OpenAI chat API: labels, cache (a re-run makes no request), concurrency, failures, cancel, prompts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../../shared/api';
import { jobResult } from '../../shared/job-result';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine, type LocalEngine } from '../engine';
import {
  roleForTarget,
  startOpenAIChatServer,
  triageReply,
  type OpenAIChatServer,
} from '../testing/servers/openai-chat-server';
import { tempDir } from '../testing/test-support';
import { DEFAULT_PROMPT_TEXT } from './default-prompt';

const tmp = tempDir();
const OUTCOME_MARKER = 'OUTCOME-MARKER-7f3a';
const REWARD = 0.918273;
const TOOLS = ['read_file', 'run_tests', 'edit_file', 'submit'];

/** Three trajectories of four actions each (12 segments), outcomes that must never be sent. */
function writeDataset(file: string): void {
  const lines = ['a', 'b', 'c'].map((id, i) => ({
    trajectory_id: id,
    task_id: 'pager',
    reward: REWARD,
    success: i === 0,
    metadata: { verdict: OUTCOME_MARKER, failure_step: 2 },
    messages: [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'user', content: `Fix page_offset (variant ${id}).` },
      ...TOOLS.flatMap((tool, k) => [
        {
          role: 'assistant',
          content: null,
          reasoning: `step ${k} of ${id}`,
          tool_calls: [
            { id: `c${k}`, type: 'function', function: { name: tool, arguments: `{"k":${k}}` } },
          ],
        },
        { role: 'tool', tool_call_id: `c${k}`, content: `result ${k} of ${id}` },
      ]),
    ],
  }));
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

let engine: LocalEngine;
let server: OpenAIChatServer;

async function judge(input: Partial<ApiInput<'startJudge'>>): Promise<JobState> {
  const job = await callOk(engine, 'startJudge', {
    dataset_id: 'tiny',
    endpoint: server.baseUrl,
    model: 'judge-test',
    ...input,
  });
  return engine.waitForJob(job.job_id);
}

// Internal tables are read directly: the SQL console may read only the public views.
async function sql(text: string): Promise<Record<string, unknown>[]> {
  return engine.workspace.query(text);
}

beforeAll(async () => {
  const file = path.join(tmp.dir, 'tiny.jsonl');
  writeDataset(file);
  engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
  await importDataset(engine, file, 'tiny');
  server = await startOpenAIChatServer();
});
afterAll(async () => {
  await engine.close();
  await server.close();
  tmp.cleanup();
});
afterEach(() => {
  server.setReply(triageReply);
  server.setLatency(0);
  server.reset();
});

describe('the judge job', () => {
  it('labels every segment, bounded in concurrency, and a re-run costs nothing', async () => {
    server.setLatency(150);
    const job = await judge({ concurrency: 3 });
    expect(job.error).toBeNull();
    const summary = jobResult(job, 'judge');
    expect(summary).toMatchObject({
      source: 'judge:triage-judge/1@judge-test',
      segments: 12,
      labeled: 12,
      cached: 0,
      failed: 0,
      requests: 12,
      roles: { useful_exploration: 6, decisive_progress: 6 },
    });
    expect(summary.prompt_tokens).toBeGreaterThan(12 * 50);
    expect(summary.completion_tokens).toBeGreaterThan(0);
    expect(server.maxInFlight).toBe(3);
    expect(job.progress).toMatchObject({ done: 12, total: 12, unit: 'segments' });

    const labels = await sql(`SELECT l.role_label, l.source, l.rationale, l.confidence,
        l.segmentation, s.turn_start FROM labels l JOIN segments s USING (trajectory_id, segment_index)
      ORDER BY trajectory_id, segment_index`);
    expect(labels).toHaveLength(12);
    expect(labels[0]).toMatchObject({
      source: 'judge:triage-judge/1@judge-test',
      rationale: 'Judged by the test server.',
      confidence: 0.8,
      segmentation: 'action',
      turn_start: 2,
    });
    expect(labels.map((l) => l.role_label).slice(0, 4)).toEqual(
      TOOLS.map((tool) => roleForTarget(`# The segment to judge: x\nAction: ${tool} {}`)),
    );

    // The prompt is the system message; the outcome is never sent.
    for (const request of server.requests) {
      expect(request.system).toBe(DEFAULT_PROMPT_TEXT);
      const sent = JSON.stringify(request.body);
      expect(sent).not.toContain(OUTCOME_MARKER);
      expect(sent).not.toContain(String(REWARD));
      expect(sent).not.toMatch(/failure_step|"success"|"reward"/);
    }

    server.reset();
    const again = await judge({ concurrency: 3 });
    expect(server.requests).toHaveLength(0);
    expect(again.result).toMatchObject({ labeled: 0, cached: 12, failed: 0, requests: 0 });
    expect(await sql(`SELECT count(*) AS n FROM labels`)).toEqual([{ n: 12 }]);
  });

  it('judges only the first N trajectories with a limit, or the ones named', async () => {
    const limited = await judge({ model: 'judge-limit', limit: 1 });
    expect(limited.result).toMatchObject({ segments: 4, labeled: 4 });
    expect(server.requests.every((r) => r.user.includes('variant a'))).toBe(true);
    const named = await judge({ model: 'judge-named', trajectory_ids: ['tiny:c'] });
    expect(named.result).toMatchObject({ segments: 4, labeled: 4 });
    expect(server.requests.slice(4).every((r) => r.user.includes('variant c'))).toBe(true);
  });

  it('records invalid answers as failures, without a label, and asks again next run', async () => {
    server.setReply((request, index) =>
      request.user.includes('step 2 of b')
        ? { answer: '{"role": "maybe"}' }
        : triageReply(request, index),
    );
    const job = await judge({ model: 'judge-flaky' });
    const summary = jobResult(job, 'judge');
    expect(summary).toMatchObject({ labeled: 11, failed: 1, requests: 13 });
    expect(summary.failures).toEqual([
      {
        trajectory_id: 'tiny:b',
        segment_index: 2,
        reason: expect.stringMatching(/invalid answer twice/),
      },
    ]);
    const missing = await sql(`SELECT count(*) AS n FROM labels
      WHERE source = 'judge:triage-judge/1@judge-flaky' AND trajectory_id = 'tiny:b' AND segment_index = 2`);
    expect(missing).toEqual([{ n: 0 }]);

    server.reset();
    server.setReply(triageReply);
    const retry = await judge({ model: 'judge-flaky' });
    expect(retry.result).toMatchObject({ labeled: 1, cached: 11, failed: 0, requests: 1 });
  });

  it('cancels a run: in-flight requests are aborted and the labels written so far are kept', async () => {
    server.setReply((request, index) => (index < 2 ? triageReply(request, index) : { hang: true }));
    const job = await callOk(engine, 'startJudge', {
      dataset_id: 'tiny',
      endpoint: server.baseUrl,
      model: 'judge-cancel',
      concurrency: 2,
    });
    await expect.poll(() => server.requests.length).toBeGreaterThanOrEqual(4);
    await callOk(engine, 'cancelJob', { job_id: job.job_id });
    const final = await engine.waitForJob(job.job_id);
    expect(final.status).toBe('cancelled');
    expect(final.error?.message).toMatch(/cancelled; 2 labels written before it are kept/);
    await expect.poll(() => server.aborted).toBe(2);
    const kept = await sql(`SELECT count(*) AS n FROM labels WHERE source LIKE '%@judge-cancel'`);
    expect(kept).toEqual([{ n: 2 }]);
  });

  it('stops with a clear error on a bad key and never stores the key', async () => {
    const keyed = await startOpenAIChatServer({ apiKey: 'sk-judge-secret-123' });
    try {
      process.env.TW_TEST_JUDGE_KEY = 'sk-judge-secret-123';
      const ok = await judge({
        endpoint: keyed.baseUrl,
        model: 'judge-keyed',
        api_key_env: 'TW_TEST_JUDGE_KEY',
        limit: 1,
      });
      expect(ok.result).toMatchObject({ labeled: 4 });
      const bad = await judge({
        endpoint: keyed.baseUrl,
        model: 'judge-keyed-2',
        api_key_env: 'TW_TEST_NO_SUCH_KEY',
      });
      expect(bad.status).toBe('failed');
      expect(bad.error).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/HTTP 401/),
      });
      const runs = await callOk(engine, 'listJudgeRuns', { dataset_id: 'tiny' });
      expect(JSON.stringify(runs)).not.toContain('sk-judge-secret-123');
      expect(JSON.stringify(await sql('SELECT * FROM tw_judge_runs'))).not.toContain('sk-judge');
      expect(runs.runs[0]).toMatchObject({ model: 'judge-keyed-2', status: 'failed' });
    } finally {
      delete process.env.TW_TEST_JUDGE_KEY;
      await keyed.close();
    }
  });

  it('versions prompts; a new version is its own label source and cache', async () => {
    const { prompts } = await callOk(engine, 'listJudgePrompts', {});
    expect(prompts.map((p) => p.version_id)).toEqual(['triage-judge/1']);
    const text = `${DEFAULT_PROMPT_TEXT}\nBe strict about regressions.`;
    const v2 = await callOk(engine, 'createJudgePrompt', {
      parent_version: 'triage-judge/1',
      text,
    });
    expect(v2).toMatchObject({
      version_id: 'triage-judge/2',
      parent_version: 'triage-judge/1',
      text,
    });
    const same = await callOk(engine, 'createJudgePrompt', {
      parent_version: 'triage-judge/1',
      text,
    });
    expect(same.version_id).toBe('triage-judge/2');
    const fresh = await callOk(engine, 'createJudgePrompt', {
      parent_version: null,
      name: 'mine',
      text: 'x',
    });
    expect(fresh.version_id).toBe('mine/1');
    await expect(
      callOk(engine, 'createJudgePrompt', { parent_version: null, text: 'y' }),
    ).rejects.toThrow(/needs a name/);
    await expect(
      callOk(engine, 'startJudge', {
        endpoint: server.baseUrl,
        model: 'm',
        prompt_version: 'nope/1',
      }),
    ).rejects.toThrow(/not_found: no judge prompt version 'nope\/1'/);
    await expect(
      callOk(engine, 'startJudge', { dataset_id: 'nope', endpoint: server.baseUrl, model: 'm' }),
    ).rejects.toThrow(/not_found/);

    const job = await judge({ prompt_version: 'triage-judge/2', limit: 1 });
    expect(job.result).toMatchObject({
      source: 'judge:triage-judge/2@judge-test',
      labeled: 4,
      cached: 0,
    });
    expect(server.requests.every((r) => r.system === text)).toBe(true);
  });
});
