// `turnwise export` through the real command on the demo rollouts: one JSON object with --json,
// files that match the manifest, and bad input refused with exit 2 and nothing written.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEADING_MODEL_TURN_LEFT_OUT } from '../engine/export/targets/llamafactory';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, importDemo, turnwise } from './cli-test-support';

const { dir, db } = cliWorkspace();

beforeAll(() => importDemo(db), 120_000);

describe('turnwise export', () => {
  it('prints one JSON object and writes files that match the manifest', async () => {
    const out = path.join(dir, 'sft');
    const run = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'trl-sft',
      '--out',
      out,
      '--dataset',
      'demo',
      '--where',
      'success',
      '--json',
    );
    const result = onlyJson(run);
    expect(Object.keys(result)).toEqual(['target', 'records', 'files', 'manifest']);
    expect(result.target).toBe('trl-sft');
    expect(result.files).toEqual([path.join(out, 'train.jsonl')]);
    const data = readFileSync(path.join(out, 'train.jsonl'));
    expect(data.toString('utf8').trim().split('\n')).toHaveLength(result.records);
    expect(result.manifest.counts.records).toBe(result.records);
    expect(result.manifest.selection.where).toBe('success');
    expect(result.manifest.files[0].sha256).toBe(createHash('sha256').update(data).digest('hex'));
    const count = await turnwise(
      'sql',
      '--db',
      db,
      'SELECT count(*) AS n FROM trajectories WHERE success',
      '--json',
    );
    expect(result.records).toBe(JSON.parse(count.stdout).rows[0].n);
  }, 120_000);

  it('refuses a condition that is not one expression, with exit 2, writing nothing', async () => {
    const out = path.join(dir, 'refused');
    const run = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'trl-sft',
      '--out',
      out,
      '--where',
      '1=1; DROP TABLE x',
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^turnwise: export: where condition refused: it contains ";"/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('refused'))).toEqual([]);
  }, 120_000);

  it('refuses an unknown target and a missing --out as usage errors', async () => {
    const bad = await turnwise('export', '--db', db, '--target', 'nope', '--out', dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--target: expected one of trl-sft, trl-kto, trl-dpo/);
    const noOut = await turnwise('export', '--db', db, '--target', 'trl-kto');
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out DIR is required/);
  }, 120_000);

  it('takes curation and pairing flags and records them in the manifest', async () => {
    const out = path.join(dir, 'dpo-curated');
    const run = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'trl-dpo',
      '--out',
      out,
      '--top-k',
      '6',
      '--stratify-bins',
      '2',
      '--counterexamples',
      'drop',
      '--pairs',
      'trajectory,step',
      '--step-min-gap',
      '0.6',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { manifest } = JSON.parse(run.stdout);
    expect(manifest.selection).toMatchObject({
      top_k: 6,
      stratify_bins: 2,
      counterexamples: 'drop',
      pairs: { trajectory: true, step: true, min_gap: 0.6 },
    });
    expect(manifest.counts.records).toBeGreaterThan(0);
  }, 120_000);

  it('takes --reasoning and --ground-truth and records them in the manifest', async () => {
    const out = path.join(dir, 'grpo-ground-truth');
    const run = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'trl-grpo',
      '--out',
      out,
      '--reasoning',
      'drop',
      '--ground-truth',
      'task_title',
      '--json',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { manifest, files } = JSON.parse(run.stdout);
    expect(manifest.selection).toMatchObject({ reasoning: 'drop', ground_truth: 'task_title' });
    const rows = readFileSync(files[0], 'utf8').trim().split('\n');
    const first = JSON.parse(rows[0] ?? '{}');
    expect(first.ground_truth).toMatch(/^Fix |^[A-Z]/);
  }, 120_000);

  it('names the flag when a curation or weighting value is refused', async () => {
    const out = path.join(dir, 'refused-flags');
    const cases: [string[], RegExp][] = [
      [['--weight-min', '3', '--weight-max', '2'], /--weight-min: the weight minimum/],
      [['--pairs', 'sideways'], /--pairs: expected trajectory, step/],
      [['--top-k', '0'], /--top-k:/],
      [['--counterexamples', 'maybe'], /--counterexamples:/],
      [['--group-success-min', 'half'], /--group-success-min: expected a number/],
      [['--reasoning', 'maybe'], /--reasoning:/],
      [['--ground-truth', 'a..b'], /--ground-truth: expected a dot path/],
    ];
    for (const [flags, why] of cases) {
      const run = await turnwise(
        'export',
        '--db',
        db,
        '--target',
        'trl-sft',
        '--out',
        out,
        ...flags,
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(why);
    }
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it('says which turns it left out of the records it wrote', async () => {
    // tau2's dir layout: each conversation opens with the agent's greeting, which a
    // LLaMA-Factory record cannot start with.
    const run = path.resolve(
      import.meta.dirname,
      '../engine/import/formats/fixtures/tau2-text-run/results.json',
    );
    expect((await turnwise('import', run, '--db', db, '--dataset', 'tau2')).code).toBe(0);
    const out = path.join(dir, 'llamafactory');
    const exported = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'llamafactory',
      '--out',
      out,
      '--dataset',
      'tau2',
    );
    expect(exported.code).toBe(0);
    expect(readdirSync(out)).toContain('train.jsonl');
    const count = /left out of records: (\d+) (.*)/.exec(exported.stdout);
    expect(count?.[2]).toBe(LEADING_MODEL_TURN_LEFT_OUT);
    expect(Number(count?.[1])).toBeGreaterThan(0);
  }, 120_000);

  it('says what it did with secrets, and takes --secrets keep|redact', async () => {
    const run = (...flags: string[]) =>
      turnwise('export', '--db', db, '--target', 'trl-sft', '--dataset', 'demo', ...flags);
    const asStored = await run('--out', path.join(dir, 'secrets-default'));
    expect(asStored.code).toBe(0);
    expect(asStored.stdout).toContain(
      'secrets: every dataset was redacted at import, written as stored; none redacted',
    );
    const again = await run('--out', path.join(dir, 'secrets-redact'), '--secrets', 'redact');
    expect(again.stdout).toMatch(/secrets: re-scanned all \d+ trajectories \(--secrets redact\)/);
    const kept = await run('--out', path.join(dir, 'secrets-keep'), '--secrets', 'keep', '--json');
    expect((onlyJson(kept) as { manifest: { secrets_mode: string } }).manifest).toMatchObject({
      secrets_mode: 'keep',
    });
    const bad = await run('--out', path.join(dir, 'secrets-bad'), '--secrets', 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--secrets');
  }, 120_000);

  it('selects trajectories by turn error with --turn-error', async () => {
    const log = samplePath('inspect-ai', 'log_tool_call_error.json');
    expect((await turnwise('import', log, '--db', db, '--dataset', 'tool-errors')).code).toBe(0);
    const selected = async (kind: string) => {
      const out = path.join(dir, `errors-${kind}`);
      const run = await turnwise(
        'export',
        '--db',
        db,
        '--target',
        'trl-sft',
        '--out',
        out,
        '--json',
        '--dataset',
        'tool-errors',
        '--turn-error',
        kind,
      );
      expect(run.code).toBe(0);
      return onlyJson(run).manifest.counts.trajectories;
    };
    // The log's one sample has a timeout but no exit-code error.
    expect([await selected('any'), await selected('timeout'), await selected('exit_code')]).toEqual(
      [1, 1, 0],
    );
    const bad = await turnwise(
      'export',
      '--db',
      db,
      '--target',
      'trl-sft',
      '--out',
      path.join(dir, 'errors-bad'),
      '--turn-error',
      'crash',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--turn-error: expected one of any, timeout/);
    expect(existsSync(path.join(dir, 'errors-bad'))).toBe(false);
  }, 120_000);
});
