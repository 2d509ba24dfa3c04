// The tokens target on a real workspace: stored token ids and log-probs where the workspace has
// them (imported, or rows added to tw_token_logprobs), the test's own tokenizer.json elsewhere,
// weights and advantages from stored credit, the written Parquet read back with DuckDB, the
// contract, and the refusals.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportSelectionSchema } from '../../../shared/api-export';
import { TurnwiseError } from '../../../shared/result';
import { runImport } from '../../import/run-import';
import { Workspace } from '../../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../../testing/test-support';
import { schemaErrors } from '../contracts/schema-check';
import {
  contract as contractOf,
  manifestEntry,
  readParquet,
  sha256,
} from '../../testing/export-test-workspace';
import { previewExport, runExport } from '../run-export';
import type { TokenSequence } from '../token-sequence';
import { FIXTURE_SPECIALS, writeFixtureTokenizer } from '../../testing/tokenizer-fixture';

const tmp = tempDir();
const contract = contractOf('tokens');
const never = new AbortController().signal;

interface TokensRecord extends TokenSequence {
  trajectory_id: string;
  task_id: string | null;
  trajectory_weight: number | null;
}

/** The ids of "Done.<|im_end|>" in the fixture tokenizer: "Don" "e" "." and the marker. */
const DONE_IDS = [260, 101, 46, FIXTURE_SPECIALS.im_end];

describe('tokens target', () => {
  let workspace: Workspace;
  let tokenizerPath: string;
  let ids: string[];

  const selection = (extra: Record<string, unknown> = {}) =>
    ExportSelectionSchema.parse({ target: 'tokens', tokenizer_path: tokenizerPath, ...extra });

  async function records(extra: Record<string, unknown> = {}): Promise<TokensRecord[]> {
    const preview = await previewExport(workspace, selection(extra), 20);
    return preview.first_records.map((line) => JSON.parse(line) as TokensRecord);
  }

  async function pair(extra: Record<string, unknown> = {}): Promise<[TokensRecord, TokensRecord]> {
    const [a, b, ...rest] = await records(extra);
    if (a === undefined || b === undefined || rest.length > 0)
      throw new Error('expected 2 records');
    return [a, b];
  }

  beforeAll(async () => {
    tokenizerPath = writeFixtureTokenizer(tmp.dir);
    const file = writeJsonl(path.join(tmp.dir, 'runs.jsonl'), [
      turnwiseRecord({ id: 'a', task: 'T1', reward: 1, success: true }),
      turnwiseRecord({ id: 'b', task: 'T1', reward: 0, success: false, actions: 1 }),
    ]);
    workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
    await runImport(
      workspace,
      { paths: [file], format: 'auto', onError: 'abort' },
      () => {},
      never,
    );
    ids = (
      await workspace.query('SELECT trajectory_id FROM tw_trajectories ORDER BY trajectory_id')
    ).map((row) => String(row.trajectory_id));
    const [a, b] = ids as [string, string];
    // Credit for a's two action segments (turns 2-3 and 4-5); its final answer has none.
    for (const [index, start, total] of [
      [0, 2, 0.5],
      [1, 4, -0.25],
    ] as const) {
      await workspace.query(`INSERT INTO tw_segments VALUES ($1, $2, $3, $4, 'action')`, [
        a,
        index,
        start,
        start + 1,
      ]);
      await workspace.query(
        `INSERT INTO tw_credit (trajectory_id, segment_index, total, segmentation)
         VALUES ($1, $2, $3, 'action')`,
        [a, index, total],
      );
    }
    // b's final answer (turn 4) as if scored: its ids and log-probs are in tw_token_logprobs.
    await workspace.query(
      `INSERT INTO tw_token_logprobs VALUES ($1, 4, [260, 101, 46, 301], [-1.0, -2.0, -3.0, -4.0], NULL)`,
      [b],
    );
  }, 60_000);
  afterAll(() => {
    workspace.close();
    tmp.cleanup();
  });

  it('uses stored ids and log-probs, tokenizes the rest, and weights turns by their credit', async () => {
    const [a, b] = await pair();
    expect(a?.trajectory_id).toBe(ids[0]);
    expect(a?.task_id).toBe('T1');
    const trained = (r: TokensRecord) => r.input_ids.flatMap((_, i) => (r.loss_mask[i] ? [i] : []));
    const at = <T>(r: TokensRecord, list: T[]) => trained(r).map((i) => list[i]);
    // a: two imported turns of [11, 12, 13], each ended with the stop token they lack, then
    // "Done." tokenized (no stored ids).
    const end = FIXTURE_SPECIALS.im_end;
    expect(at(a, a.input_ids)).toEqual([11, 12, 13, end, 11, 12, 13, end, ...DONE_IDS]);
    expect(at(a, a.labels)).toEqual(at(a, a.input_ids));
    const stored = [-0.1, -0.2, -0.3, null];
    expect(at(a, a.logprobs)).toEqual([...stored, ...stored, null, null, null, null]);
    expect(at(a, a.weights)).toEqual([1.5, 1.5, 1.5, 1.5, 0.75, 0.75, 0.75, 0.75, 1, 1, 1, 1]);
    expect(at(a, a.advantages)).toEqual([
      0.5, 0.5, 0.5, 0.5, -0.25, -0.25, -0.25, -0.25, 0, 0, 0, 0,
    ]);
    // b: the row added to tw_token_logprobs supplies the final answer's log-probs.
    expect(at(b, b.logprobs)).toEqual([...stored, -1, -2, -3, -4]);
    for (const record of [a, b]) {
      expect(schemaErrors(record, contract)).toEqual([]);
      const untrained = record.input_ids.flatMap((_, i) => (record.loss_mask[i] ? [] : [i]));
      expect(untrained.length).toBeGreaterThan(20);
      for (const i of untrained) {
        expect(record.labels[i]).toBe(-100);
        expect([record.weights[i], record.advantages[i], record.logprobs[i]]).toEqual([0, 0, null]);
      }
      expect(record.input_ids[0]).toBe(FIXTURE_SPECIALS.im_start);
      expect(record.trajectory_weight).toBe(1);
    }
  });

  it('the contract check is not vacuous', async () => {
    const [a] = await pair();
    expect(schemaErrors({ ...a, loss_mask: [2] }, contract)).not.toEqual([]);
    expect(schemaErrors({ ...a, logprobs: ['x'] }, contract)).not.toEqual([]);
    const { labels: _, ...withoutLabels } = a;
    expect(schemaErrors(withoutLabels, contract)).not.toEqual([]);
  });

  it('writes tokens.parquet with the declared types, read back equal to the records', async () => {
    const out = path.join(tmp.dir, 'out');
    const summary = await runExport(
      workspace,
      { ...selection(), out_dir: out, overwrite: false },
      () => {},
      never,
    );
    expect(summary).toMatchObject({ target: 'tokens', records: 2, skipped: [] });
    const file = path.join(out, 'tokens.parquet');
    expect(summary.files).toEqual([file]);
    const { rows, types } = await readParquet(file);
    // Written out, not TOKENS.format.columns: the types trainers read are the oracle here, so a
    // change to the declared columns fails this test instead of passing with it.
    expect(types).toEqual({
      trajectory_id: 'VARCHAR',
      task_id: 'VARCHAR',
      input_ids: 'INTEGER[]',
      labels: 'INTEGER[]',
      loss_mask: 'TINYINT[]',
      weights: 'DOUBLE[]',
      advantages: 'DOUBLE[]',
      logprobs: 'DOUBLE[]',
      trajectory_weight: 'DOUBLE',
    });
    expect(rows).toEqual(await records());
    const manifest = JSON.parse(readFileSync(summary.manifest, 'utf8'));
    expect(manifest.files).toEqual([manifestEntry(file, 2)]);
    expect(manifest.target_notes.tokenizer).toEqual({
      path: tokenizerPath,
      sha256: sha256(tokenizerPath),
    });
    expect(manifest.target_notes.weights).toContain('1 + 1 * x');
    // Deterministic: a second export gives the same bytes.
    const again = path.join(tmp.dir, 'again');
    await runExport(
      workspace,
      { ...selection(), out_dir: again, overwrite: false },
      () => {},
      never,
    );
    expect(sha256(path.join(again, 'tokens.parquet'))).toBe(sha256(file));
  });

  it('a missing tokenizer fails the export before anything is written', async () => {
    const parent = path.join(tmp.dir, 'refused');
    mkdirSync(parent);
    const missing = path.join(tmp.dir, 'nowhere', 'tokenizer.json');
    const run = runExport(
      workspace,
      {
        ...selection({ tokenizer_path: missing }),
        out_dir: path.join(parent, 'out'),
        overwrite: false,
      },
      () => {},
      never,
    );
    const error: unknown = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TurnwiseError);
    expect(error).toMatchObject({ code: 'invalid_input' });
    expect((error as Error).message).toContain(missing);
    expect(readdirSync(parent)).toEqual([]);
    await expect(
      previewExport(workspace, selection({ tokenizer_path: missing }), 3),
    ).rejects.toThrow(/does not exist/);
  });

  it('without a tokenizer, skips each trajectory naming the turn and what to do', async () => {
    const preview = await previewExport(
      workspace,
      ExportSelectionSchema.parse({ target: 'tokens' }),
      3,
    );
    expect(preview.records).toBe(0);
    expect(preview.skipped).toEqual([
      { reason: 'no stored token ids for turn 0; choose a tokenizer.json', count: 2 },
    ]);
  });

  it('carries DRIFT weights in trajectory_weight', async () => {
    const [a, b] = await pair({ weighting: { trajectory: 'drift' } });
    // Rewards 1 and 0 in one task, beta 0.2: a gets the larger weight; the mean is 1.
    expect(a.trajectory_weight).toBeGreaterThan(1);
    expect(b.trajectory_weight).toBeLessThan(1);
    expect((a.trajectory_weight ?? 0) + (b.trajectory_weight ?? 0)).toBeCloseTo(2, 6);
  });
});
