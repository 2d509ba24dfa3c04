// The judge prompt version in use: the built-in default until one is chosen, kept across a reopen
// of the workspace, remembered one step back for rollback, and used by startJudge when no version
// is named (against a local OpenAI-compatible server).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { jobResult } from '../../shared/job-result';
import type { JudgeSummary } from '../../shared/api-judge';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine, type LocalEngine } from '../engine';
import {
  startOpenAIChatServer,
  triageReply,
  type OpenAIChatServer,
} from '../testing/servers/openai-chat-server';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { DEFAULT_PROMPT_TEXT } from './default-prompt';

const tmp = tempDir();
const db = path.join(tmp.dir, 'ws.duckdb');
let engine: LocalEngine;
let server: OpenAIChatServer;

async function judge(input: Partial<ApiInput<'startJudge'>> = {}): Promise<JudgeSummary> {
  const job = await callOk(engine, 'startJudge', {
    dataset_id: 'tiny',
    endpoint: server.baseUrl,
    model: 'judge-test',
    ...input,
  });
  const final = await engine.waitForJob(job.job_id);
  expect(final.error).toBeNull();
  return jobResult(final, 'judge');
}

beforeAll(async () => {
  const file = writeJsonl(path.join(tmp.dir, 'tiny.jsonl'), [
    turnwiseRecord({ id: 'a', actions: 2 }),
  ]);
  engine = await openEngine({ dbPath: db });
  await importDataset(engine, file, 'tiny');
  server = await startOpenAIChatServer();
  server.setReply(triageReply);
}, 60_000);
afterAll(async () => {
  await engine.close();
  await server.close();
  tmp.cleanup();
});

describe('the judge prompt version in use', () => {
  it('is the built-in default until one is chosen, and startJudge uses it', async () => {
    expect(await callOk(engine, 'getActiveJudgePrompt', {})).toEqual({
      version_id: 'triage-judge/1',
      set_at: null,
      previous_version: null,
    });
    const summary = await judge();
    expect(summary.prompt_version).toBe('triage-judge/1');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((r) => r.system === DEFAULT_PROMPT_TEXT)).toBe(true);
  });

  it('is chosen, used by startJudge without a version, and kept across a reopen', async () => {
    const text = `${DEFAULT_PROMPT_TEXT}\nBe strict about regressions.`;
    const v2 = await callOk(engine, 'createJudgePrompt', {
      parent_version: 'triage-judge/1',
      text,
    });
    const active = await callOk(engine, 'setActiveJudgePrompt', {
      version_id: v2.version_id,
    });
    expect(active).toMatchObject({
      version_id: 'triage-judge/2',
      previous_version: 'triage-judge/1',
    });
    expect(Date.parse(active.set_at ?? '')).toBeGreaterThan(Date.now() - 60_000);

    server.reset();
    const summary = await judge();
    expect(summary).toMatchObject({
      prompt_version: 'triage-judge/2',
      source: 'judge:triage-judge/2@judge-test',
      labeled: 2,
    });
    expect(server.requests.every((r) => r.system === text)).toBe(true);
    // A named version still wins over the one in use.
    expect((await judge({ prompt_version: 'triage-judge/1' })).prompt_version).toBe(
      'triage-judge/1',
    );

    await engine.close();
    engine = await openEngine({ dbPath: db });
    expect(await callOk(engine, 'getActiveJudgePrompt', {})).toEqual(active);
    const rows = await engine.workspace.query(
      `SELECT value::VARCHAR AS value FROM tw_settings WHERE key = 'judge.active_prompt'`,
    );
    expect(JSON.parse(String(rows[0]?.value ?? 'null'))).toMatchObject({
      version_id: 'triage-judge/2',
    });
  });

  it('rolls back to the previous version, and refuses a version that does not exist', async () => {
    const back = await callOk(engine, 'setActiveJudgePrompt', {
      version_id: 'triage-judge/1',
    });
    expect(back).toMatchObject({
      version_id: 'triage-judge/1',
      previous_version: 'triage-judge/2',
    });
    expect((await callOk(engine, 'getActiveJudgePrompt', {})).version_id).toBe('triage-judge/1');
    await expect(callOk(engine, 'setActiveJudgePrompt', { version_id: 'nope/3' })).rejects.toThrow(
      /not_found: no judge prompt version 'nope\/3'/,
    );
    expect((await callOk(engine, 'getActiveJudgePrompt', {})).version_id).toBe('triage-judge/1');
  });
});
