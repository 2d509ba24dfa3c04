// API keys never persist (docs/judge.md, endpoints): keys planted in the environment are sent to the endpoints
// (the servers check the Authorization header) but appear in no byte of the workspace folder, no
// export and no CLI output; a key in an imported record's config block is redacted on import.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, JobState } from '../shared/api';
import { DEFAULT_API_KEY_ENV } from '../shared/api-judge';
import { type CliRun, turnwiseProcess } from '../cli/turnwise-process-test-support';
import { callOk, startJob, type JobMethod } from './testing/dispatch-test-support';
import { openEngine } from './engine';
import type { Engine } from './core/engine-types';
import { startOpenAIChatServer, type OpenAIChatServer } from './testing/servers/openai-chat-server';
import {
  startVllmCompletionsServer,
  type ToyServer,
} from './testing/servers/vllm-completions-server';
import { tempDir, writeJsonl } from './testing/test-support';

const JUDGE_KEY = `TWJUDGE${randomBytes(12).toString('hex')}`;
const SCORING_KEY = `TWSCORE${randomBytes(12).toString('hex')}`;
const RECORD_KEY = `TWRECORD${randomBytes(12).toString('hex')}`;
// Not *SECRET*: the endpoint key rule refuses such names (endpoints/endpoint-key.ts).
const SCORING_KEY_ENV = 'TURNWISE_KEYS_TEST_SCORING_KEY';
/** A value that must be stored: the control that the byte search can find stored text at all. */
const STORED_MARKER = `TWSTORED${randomBytes(12).toString('hex')}`;

const source = tempDir();
const work = tempDir();
const db = path.join(work.dir, 'ws.duckdb');
let engine: Engine;
let judgeServer: OpenAIChatServer;
let vllm: ToyServer;
const cliOutput: CliRun[] = [];
const savedEnv = { judge: process.env[DEFAULT_API_KEY_ENV], scoring: process.env[SCORING_KEY_ENV] };

async function finished<M extends JobMethod>(method: M, input: ApiInput<M>): Promise<JobState> {
  const job = await engine.waitForJob((await startJob(engine, method, input)).job_id);
  expect(job.error).toBeNull();
  return job;
}

function record(id: string) {
  return {
    trajectory_id: id,
    task_id: 'task',
    reward: id === 'a' ? 1 : 0,
    success: id === 'a',
    metadata: { note: STORED_MARKER, config: { api_key: RECORD_KEY, model: 'agent-model' } },
    messages: [
      { role: 'user', content: `Fix ${id}.` },
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"p":"a"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'x = 1' },
      { role: 'assistant', content: `Fixed ${id}.` },
    ],
  };
}

/** Every file under dir (recursively) with its bytes. */
function filesUnder(dir: string): { file: string; bytes: Buffer }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [{ file, bytes: readFileSync(file) }];
  });
}

/** The forms a leaked key could take: raw, base64 and base64url, and the Bearer header. */
function forms(key: string): string[] {
  const raw = Buffer.from(key);
  return [key, raw.toString('base64'), raw.toString('base64url'), `Bearer ${key}`];
}

function leaksOf(haystacks: { name: string; text: Buffer | string }[]): string[] {
  const leaks: string[] = [];
  for (const { name, text } of haystacks) {
    for (const key of [JUDGE_KEY, SCORING_KEY, RECORD_KEY]) {
      for (const form of forms(key)) if (text.includes(form)) leaks.push(`${name}: ${form}`);
    }
  }
  return leaks;
}

const exportDir = (name: string) => path.join(work.dir, 'exports', name);

beforeAll(async () => {
  process.env[DEFAULT_API_KEY_ENV] = JUDGE_KEY;
  process.env[SCORING_KEY_ENV] = SCORING_KEY;
  judgeServer = await startOpenAIChatServer({ apiKey: JUDGE_KEY });
  vllm = await startVllmCompletionsServer({ model: 'toy-policy', apiKey: SCORING_KEY });
  const file = writeJsonl(path.join(source.dir, 'runs.jsonl'), ['a', 'b'].map(record));
  engine = await openEngine({ dbPath: db });
  await finished('startImport', { paths: [file], dataset: 'runs' });
}, 60_000);
afterAll(async () => {
  await judgeServer.close();
  await vllm.close();
  if (savedEnv.judge === undefined) Reflect.deleteProperty(process.env, DEFAULT_API_KEY_ENV);
  else process.env[DEFAULT_API_KEY_ENV] = savedEnv.judge;
  if (savedEnv.scoring === undefined) Reflect.deleteProperty(process.env, SCORING_KEY_ENV);
  else process.env[SCORING_KEY_ENV] = savedEnv.scoring;
  source.cleanup();
  work.cleanup();
});

describe('API keys and imported secrets never persist', () => {
  it('sends the keys through the engine, then through the CLI, and stores them nowhere', async () => {
    // The judge job: the server answers 401 without the key, so success means it was sent.
    await finished('startJudge', { dataset_id: 'runs', endpoint: judgeServer.baseUrl, model: 'j' });
    expect(judgeServer.requests.length).toBeGreaterThan(0);
    for (const request of judgeServer.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${JUDGE_KEY}`);
    }
    // The judge evaluation judges the suite (a human label) against the endpoint.
    await callOk(engine, 'setLabel', {
      trajectory_id: 'runs:a',
      segment_index: 0,
      role_label: 'useful_exploration',
      annotator: 'alice',
    });
    judgeServer.reset();
    await finished('startJudgeEval', {
      prompt_version: 'triage-judge/1',
      endpoint: judgeServer.baseUrl,
      model: 'j2',
    });
    expect(judgeServer.requests.length).toBeGreaterThan(0);
    // Scoring: the vLLM server refuses requests without its key.
    const scored = await finished('startScoring', {
      policy: { base_url: vllm.url, api_key_env: SCORING_KEY_ENV },
      dataset_id: 'runs',
    });
    expect(scored.result).toMatchObject({ turns_scored: 4 });
    for (const target of ['trl-sft', 'verl-sft', 'tokens'] as const) {
      await finished('startExport', { target, out_dir: exportDir(`engine-${target}`) });
    }
    await engine.close();

    const env = { [DEFAULT_API_KEY_ENV]: JUDGE_KEY, [SCORING_KEY_ENV]: SCORING_KEY };
    judgeServer.reset();
    const cli = async (args: string[]) => {
      const run = await turnwiseProcess(args, env);
      cliOutput.push(run);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
    };
    await cli([
      'label',
      '--db',
      db,
      '--labeler',
      'judge',
      '--endpoint',
      judgeServer.baseUrl,
      '--model',
      'j3',
    ]);
    expect(judgeServer.requests[0]?.headers.authorization).toBe(`Bearer ${JUDGE_KEY}`);
    vllm.requests.length = 0;
    await cli([
      'score',
      '--db',
      db,
      '--policy-endpoint',
      vllm.url,
      '--api-key-env',
      SCORING_KEY_ENV,
    ]);
    expect(vllm.requests.length).toBeGreaterThan(0);
    for (const target of ['trl-sft', 'trl-dpo']) {
      await cli(['export', '--db', db, '--target', target, '--out', exportDir(`cli-${target}`)]);
    }
    await cli(['sql', '--db', db, 'SELECT * FROM trajectories', '--json']);

    const files = filesUnder(work.dir);
    expect(files.some(({ file }) => file.endsWith('.duckdb'))).toBe(true);
    const exported = files.filter(({ file }) => file.includes(`${path.sep}exports${path.sep}`));
    expect(new Set(exported.map(({ file }) => path.dirname(file))).size).toBe(5);
    // The control: the byte search finds what the workspace and the exports do store.
    const stored = filesUnder(work.dir).filter(({ bytes }) => bytes.includes(STORED_MARKER));
    expect(stored.some(({ file }) => file.endsWith('.duckdb'))).toBe(true);
    expect(cliOutput.some((run) => run.stdout.includes(STORED_MARKER))).toBe(true);
    expect(cliOutput.some((run) => run.stdout.includes('[REDACTED'))).toBe(true);

    const haystacks = [
      ...files.map(({ file, bytes }) => ({ name: file, text: bytes })),
      ...cliOutput.flatMap((run, i) => [
        { name: `cli ${i} stdout`, text: run.stdout },
        { name: `cli ${i} stderr`, text: run.stderr },
      ]),
    ];
    expect(leaksOf(haystacks)).toEqual([]);
  }, 180_000);
});
