// Every export target, end to end on one workspace with credit computed: the records read back
// (JSON lines or Parquet) conform to the target's contract and agree with the manifest, and a
// second export of the same workspace and options is byte-identical, file by file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TARGETS, type ExportTarget } from '../../shared/api-export';
import { recordErrors } from './contracts/schema-check';
import {
  contract,
  openDemoEngine,
  readLines,
  readParquetRows,
  sha256,
  type Row,
  type TestEngine,
} from '../testing/export-test-workspace';
import { FIXTURE_SPECIALS, fixtureTokenizer } from '../testing/tokenizer-fixture';

interface ManifestFile {
  path: string;
  records: number;
  bytes: number;
  sha256: string;
}

/** Options that make each target use what it can: pairs, weights, a tokenizer. */
function optionsFor(target: ExportTarget, tokenizer: string): Row {
  const weighting = { trajectory: 'drift', duplicate_by_weight: true };
  if (target === 'trl-dpo' || target === 'trl-kto') {
    return { pairs: { trajectory: true, step: true, min_gap: 0.25 }, weighting };
  }
  if (target === 'tokens') return { tokenizer_path: tokenizer, weighting };
  if (target === 'ms-swift' || target === 'llamafactory-v1') {
    return { weighting: { ...weighting, source: 'progress_advantage', scale: 0.5 } };
  }
  return { weighting };
}

describe('every export target', () => {
  let t: TestEngine;
  let tokenizer: string;

  beforeAll(async () => {
    t = await openDemoEngine({ lines: 24 });
    // The demo's stored token ids come from its generator's vocabulary: the small test tokenizer
    // is padded with placeholder tokens up to the largest of them, so those ids are in range and
    // the export joins stored ids with tokenized role headers as it would for a real model.
    const [largest] = await t.sql('SELECT max(list_max(token_ids)) AS id FROM token_logprobs');
    const json = fixtureTokenizer() as { model: { vocab: Record<string, number> } };
    const used = new Set([...Object.values(json.model.vocab), ...Object.values(FIXTURE_SPECIALS)]);
    for (let id = 0; id <= Number(largest?.id); id += 1) {
      if (!used.has(id)) json.model.vocab[`<placeholder_${id}>`] = id;
    }
    tokenizer = path.join(t.dir, 'tokenizer.json');
    writeFileSync(tokenizer, JSON.stringify(json));
    await t.runJob('startCredit', { dataset_id: 'demo', segmentation: 'action' });
  }, 120_000);
  afterAll(() => t.cleanup());

  it.each(EXPORT_TARGETS.map((target) => [target]))(
    '%s: contract, manifest and byte-identical repeats',
    async (target) => {
      const options = { target, ...optionsFor(target, tokenizer) };
      const first = await t.exportTo({ ...options, out_dir: path.join(t.dir, `${target}-1`) });
      const second = await t.exportTo({ ...options, out_dir: path.join(t.dir, `${target}-2`) });
      expect(first.records).toBeGreaterThan(0);
      const manifest = JSON.parse(readFileSync(first.manifest, 'utf8')) as {
        target: string;
        counts: { records: number };
        files: ManifestFile[];
      };
      expect(manifest.target).toBe(target);
      const [data, ...extras] = manifest.files;
      if (data === undefined) throw new Error('no data file in the manifest');
      const file = path.join(first.out_dir, data.path);
      const rows = data.path.endsWith('.parquet') ? await readParquetRows(file) : readLines(file);
      expect(rows).toHaveLength(first.records);
      expect(data.records).toBe(first.records);
      expect(manifest.counts.records).toBe(first.records);
      const schema = contract(target);
      expect(recordErrors(file, rows, schema)).toEqual([]);
      if (target === 'tokens') {
        // Stored ids were used: their policy log-probs came with them.
        const logprobs = rows.flatMap((row) => row.logprobs as (number | null)[]);
        expect(logprobs.some((value) => typeof value === 'number')).toBe(true);
      }
      for (const entry of [data, ...extras]) {
        const written = path.join(first.out_dir, entry.path);
        expect(sha256(written)).toBe(entry.sha256);
        expect(readFileSync(written).length).toBe(entry.bytes);
        expect(sha256(path.join(second.out_dir, entry.path))).toBe(entry.sha256);
      }
      expect(sha256(second.manifest)).toBe(sha256(first.manifest));
    },
    60_000,
  );
});
