import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { runImport, type ImportOptions } from './run-import';
import { forgetRepeatedTexts } from '../secrets/redact-trajectory';

let dir = '';
let cleanup: () => void = () => undefined;
let workspace: Workspace;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterEach(() => {
  workspace.close();
  cleanup();
});

function options(paths: string[], extra: Partial<ImportOptions> = {}): ImportOptions {
  return { paths, format: 'auto', onError: 'abort', ...extra };
}

const noProgress = () => undefined;
const never = new AbortController().signal;

async function count(table: string): Promise<number> {
  const [row] = await workspace.query(`SELECT count(*) AS n FROM ${table}`);
  return Number(row?.n);
}

describe('runImport (turnwise format)', () => {
  it('imports trajectories, turns, tool calls and log-probs', async () => {
    const file = writeJsonl(path.join(dir, 'rollouts.jsonl'), [
      turnwiseRecord({ id: 'r1', task: 'T', reward: 1, success: true, actions: 2 }),
      turnwiseRecord({ id: 'r2', task: 'T', reward: 0, success: false, actions: 3 }),
    ]);
    const summary = await runImport(workspace, options([file]), noProgress, never);
    expect(summary).toMatchObject({
      dataset: 'rollouts',
      format: 'turnwise',
      trajectories: 2,
      skipped: [],
    });
    expect(summary.turns).toBe(7 + 9);
    expect(summary.actions).toBe(5);
    const rows = await workspace.query(
      `SELECT trajectory_id, task_id, group_id, reward, success, n_turns, n_actions, source_ref
       FROM trajectories ORDER BY 1`,
    );
    expect(rows[0]).toMatchObject({
      trajectory_id: 'rollouts:r1',
      task_id: 'T',
      group_id: 'T',
      reward: 1,
      success: true,
      n_turns: 7,
      n_actions: 2,
      source_ref: `${file}:1`,
    });
    const [action] = await workspace.query(
      `SELECT role, content, reasoning, tool_calls, is_action, n_tokens FROM turns
       WHERE trajectory_id = 'rollouts:r1' AND turn_index = 2`,
    );
    expect(action).toEqual({
      role: 'assistant',
      content: 'Step 0',
      reasoning: 'I should look at file 0.',
      tool_calls: JSON.stringify([
        { id: 'call-0', name: 'read_file', arguments: '{"path":"f0.py"}' },
      ]),
      is_action: true,
      n_tokens: 3,
    });
    const [tool] = await workspace.query(
      `SELECT role, tool_call_id, is_action FROM turns WHERE trajectory_id = 'rollouts:r1' AND turn_index = 3`,
    );
    expect(tool).toEqual({ role: 'tool', tool_call_id: 'call-0', is_action: false });
    const [logprobs] = await workspace.query(
      `SELECT token_ids, logp_policy, logp_ref FROM token_logprobs
       WHERE trajectory_id = 'rollouts:r1' AND turn_index = 2`,
    );
    expect(logprobs).toEqual({
      token_ids: [11, 12, 13],
      logp_policy: [-0.1, -0.2, -0.3],
      logp_ref: [-0.4, -0.5, -0.6],
    });
    expect(await count('token_logprobs')).toBe(5);
    const [dataset] = await workspace.query(`SELECT * FROM datasets`);
    expect(dataset).toMatchObject({
      dataset_id: 'rollouts',
      format: 'turnwise',
      source_path: file,
    });
    expect(String(dataset?.content_sha256)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('aborts on the first bad record with file:line: reason and writes nothing', async () => {
    const file = writeJsonl(path.join(dir, 'bad.jsonl'), [
      turnwiseRecord({ id: 'ok-1' }),
      turnwiseRecord({ id: 'ok-2' }),
      '{"trajectory_id": "x", "messages": [{"role": "wizard", "content": "hi"}]}',
      turnwiseRecord({ id: 'ok-3' }),
    ]);
    const error = await runImport(workspace, options([file]), noProgress, never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TurnwiseError);
    expect((error as TurnwiseError).code).toBe('invalid_input');
    expect((error as TurnwiseError).message).toBe(
      `${file}:3: messages[0].role: unknown role "wizard" (expected one of system, developer, user, assistant, tool, function, ipython, environment)`,
    );
    for (const table of ['datasets', 'trajectories', 'turns', 'token_logprobs']) {
      expect(await count(table)).toBe(0);
    }
  });

  it('with onError skip keeps the good records and lists each bad one', async () => {
    const file = writeJsonl(path.join(dir, 'mixed.jsonl'), [
      turnwiseRecord({ id: 'ok-1' }),
      '{not json',
      JSON.stringify({ ...turnwiseRecord({ id: 'short' }), messages: [] }),
      turnwiseRecord({ id: 'ok-1' }),
      JSON.stringify({
        trajectory_id: 'lp',
        messages: [{ role: 'assistant', content: 'x', token_ids: [1, 2], logp_policy: [-1] }],
      }),
      turnwiseRecord({ id: 'ok-2' }),
    ]);
    const summary = await runImport(
      workspace,
      options([file], { onError: 'skip' }),
      noProgress,
      never,
    );
    expect(summary.trajectories).toBe(2);
    expect(summary.skipped.map((s) => s.line)).toEqual([2, 3, 4, 5]);
    const reasons = summary.skipped.map((s) => s.reason);
    expect(reasons[0]).toMatch(/^invalid JSON \(/);
    expect(reasons[1]).toBe('messages: the message list is empty');
    expect(reasons[2]).toBe("duplicate trajectory_id 'ok-1' in this file");
    expect(reasons[3]).toMatch(
      /^messages\[0\]: token_ids, logp_policy and logp_ref must have equal lengths/,
    );
    expect(summary.skipped.every((s) => s.file === file)).toBe(true);
    expect(await count('trajectories')).toBe(2);
  });

  it('detects re-imported identical content and leaves the workspace as it was', async () => {
    const file = writeJsonl(path.join(dir, 'a.jsonl'), [turnwiseRecord({ id: 'r1' })]);
    await runImport(workspace, options([file]), noProgress, never);
    const copy = path.join(dir, 'copy-of-a.jsonl');
    writeFileSync(copy, await (await import('node:fs/promises')).readFile(file));
    await expect(runImport(workspace, options([copy]), noProgress, never)).rejects.toMatchObject({
      code: 'duplicate',
    });
    expect(await count('datasets')).toBe(1);
  });

  it('gives a new dataset id when the name is taken by different content', async () => {
    const a = writeJsonl(path.join(dir, 'runs.jsonl'), [turnwiseRecord({ id: 'r1' })]);
    await runImport(workspace, options([a]), noProgress, never);
    const b = writeJsonl(path.join(dir, 'other.jsonl'), [turnwiseRecord({ id: 'r2' })]);
    const summary = await runImport(
      workspace,
      options([b], { dataset: 'runs' }),
      noProgress,
      never,
    );
    expect(summary.dataset).toBe('runs-2');
  });

  it('reads CRLF line endings and gzip-compressed files', async () => {
    const crlf = writeJsonl(
      path.join(dir, 'crlf.jsonl'),
      [turnwiseRecord({ id: 'a' }), turnwiseRecord({ id: 'b' })],
      '\r\n',
    );
    expect((await runImport(workspace, options([crlf]), noProgress, never)).trajectories).toBe(2);
    const gz = path.join(dir, 'packed.jsonl.gz');
    writeFileSync(gz, gzipSync(JSON.stringify(turnwiseRecord({ id: 'z' })) + '\n'));
    const summary = await runImport(workspace, options([gz]), noProgress, never);
    expect(summary).toMatchObject({ dataset: 'packed', trajectories: 1 });
  });

  it('redacts secrets in metadata', async () => {
    const file = writeJsonl(path.join(dir, 'secret.jsonl'), [
      {
        ...turnwiseRecord({ id: 's' }),
        metadata: {
          config: { api_key: 'sk-live-0123456789abcdef', model: 'm' },
          headers: { Authorization: 'Bearer abcdefgh12345' },
        },
      },
    ]);
    await runImport(workspace, options([file]), noProgress, never);
    const [row] = await workspace.query(`SELECT metadata::VARCHAR AS m FROM trajectories`);
    expect(row?.m).toBe(
      '{"config":{"api_key":"[REDACTED:secret-named-field]","model":"m"},' +
        '"headers":{"Authorization":"[REDACTED:secret-named-field]"}}',
    );
  });

  it('keeps none of the texts and tools it redacted once it ends', async () => {
    // A small file is read on this thread (the engine's, in the app), where kept texts would
    // otherwise stay until the next import.
    const tools = [{ type: 'function', function: { name: 'read_file', parameters: {} } }];
    const file = writeJsonl(path.join(dir, 'kept.jsonl'), [
      { ...turnwiseRecord({ id: 'a' }), tools },
      { ...turnwiseRecord({ id: 'b' }), tools },
    ]);
    await runImport(workspace, options([file]), noProgress, never);
    expect(await count('trajectories')).toBe(2);
    expect(forgetRepeatedTexts()).toBe(0);
  });

  it('imports a folder of files as one dataset', async () => {
    const folder = path.join(dir, 'runs');
    (await import('node:fs')).mkdirSync(folder);
    writeJsonl(path.join(folder, 'part-1.jsonl'), [turnwiseRecord({ id: 'a' })]);
    writeJsonl(path.join(folder, 'part-2.jsonl'), [turnwiseRecord({ id: 'b' })]);
    const summary = await runImport(workspace, options([folder]), noProgress, never);
    expect(summary).toMatchObject({ dataset: 'runs', trajectories: 2 });
  });

  it('refuses an empty file and an unrecognised format with clear messages', async () => {
    const empty = path.join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    await expect(
      runImport(workspace, options([empty], { format: 'turnwise' }), noProgress, never),
    ).rejects.toThrow(/no trajectories to import \(empty input\)/);
    const csv = path.join(dir, 'table.csv');
    writeFileSync(csv, 'a,b\n1,2\n');
    await expect(runImport(workspace, options([csv]), noProgress, never)).rejects.toMatchObject({
      message: `${csv}: format not recognised`,
      details: { remedy: 'choose_format', can_skip: false },
    });
    await expect(
      runImport(workspace, options([path.join(dir, 'missing.jsonl')]), noProgress, never),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await count('datasets')).toBe(0);
  });

  it('cancels cleanly: nothing is written', async () => {
    const records = Array.from({ length: 300 }, (_, i) => turnwiseRecord({ id: `r${i}` }));
    const file = writeJsonl(path.join(dir, 'many.jsonl'), records);
    const controller = new AbortController();
    let reports = 0;
    const onProgress = () => {
      reports += 1;
      if (reports === 1) controller.abort();
    };
    await expect(
      runImport(workspace, options([file]), onProgress, controller.signal),
    ).rejects.toMatchObject({
      code: 'cancelled',
    });
    expect(await count('trajectories')).toBe(0);
    expect(await count('datasets')).toBe(0);
  });
});

describe('per-token lists', () => {
  it('store every double and token id exactly', async () => {
    const awkward = [-0.1 - 0.2, -1e-300, -7.7125e-5, -123456.789012345, 0, -5e-324];
    const ids = [0, 2147483647, 151667];
    const record = {
      trajectory_id: 'p',
      messages: [
        {
          role: 'assistant',
          content: 'x',
          token_ids: ids.concat([1, 2, 3]),
          logp_policy: awkward,
          logp_ref: awkward.map((v) => v * 2),
        },
      ],
    };
    const file = writeJsonl(path.join(dir, 'precise.jsonl'), [record]);
    await runImport(workspace, options([file]), noProgress, never);
    const [row] = await workspace.query(
      `SELECT token_ids, logp_policy, logp_ref FROM token_logprobs`,
    );
    expect(row?.token_ids).toEqual(ids.concat([1, 2, 3]));
    expect(row?.logp_policy).toEqual(awkward);
    expect(row?.logp_ref).toEqual(awkward.map((v) => v * 2));
  });
});

describe('large imports', () => {
  it('write rows and per-token lists across many flushes and data chunks, keeping each', async () => {
    const records = Array.from({ length: 700 }, (_, i) => {
      const record = turnwiseRecord({ id: `r${i}`, actions: 30 });
      // Rows without a reference list sit in the same data chunks as rows with one.
      if (i % 3 === 0) {
        for (const message of record.messages as Record<string, unknown>[]) delete message.logp_ref;
      }
      return record;
    });
    const file = writeJsonl(path.join(dir, 'batches.jsonl'), records);
    const summary = await runImport(workspace, options([file]), noProgress, never);
    expect(summary).toMatchObject({ trajectories: 700, turns: 700 * 63, actions: 21_000 });
    expect(await count('turns')).toBe(700 * 63);
    expect(await count('token_logprobs')).toBe(21_000);
    const [row] = await workspace.query(
      `SELECT count(DISTINCT trajectory_id) AS t, sum(len(logp_policy)) AS n,
         count(logp_ref) AS with_ref, count(*) FILTER (
           token_ids = [11, 12, 13] AND logp_policy = [-0.1, -0.2, -0.3]) AS exact,
         count(*) FILTER (logp_ref = [-0.4, -0.5, -0.6]) AS exact_ref
       FROM token_logprobs`,
    );
    expect(row).toEqual({
      t: 700,
      n: 63_000,
      with_ref: 466 * 30,
      exact: 21_000,
      exact_ref: 466 * 30,
    });
  });
});

describe('compressed inputs', () => {
  it('reads zstd-compressed JSONL', async () => {
    const { spawnSync } = await import('node:child_process');
    const plain = writeJsonl(path.join(dir, 'zipped.jsonl'), [
      turnwiseRecord({ id: 'a' }),
      turnwiseRecord({ id: 'b' }),
    ]);
    // The zstd command (Debian's zstd package, installed by .ci/run) makes a real .zst file.
    const zst = spawnSync('zstd', ['-q', '-f', plain, '-o', `${plain}.zst`]);
    expect(zst.error).toBeUndefined();
    expect(zst.status).toBe(0);
    const summary = await runImport(workspace, options([`${plain}.zst`]), noProgress, never);
    expect(summary).toMatchObject({ dataset: 'zipped', trajectories: 2 });
  });
});
