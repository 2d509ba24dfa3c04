// docs/export.md's targets table is generated from the registry: the committed page must be
// what the generator writes now.
import { describe, expect, it } from 'vitest';
import { EXPORT_TARGETS } from '../../shared/export-targets';
import { read } from './generated-file';
import { END, EXPORT_DOC, exportDocSource, START, targetsTable } from './export-docs';

describe('docs/export.md targets table', () => {
  it('is current (else run: npx tsx scripts/generate/export-docs.ts)', async () => {
    expect(read(EXPORT_DOC)).toBe(await exportDocSource());
  });

  it('has one row per registry target, in registry order', () => {
    const ids = targetsTable()
      .split('\n')
      .slice(2)
      .map((line) => /^\| `([^`]+)`/.exec(line)?.[1]);
    expect(ids).toEqual(EXPORT_TARGETS);
  });

  it('would notice an edited row', async () => {
    const page = read(EXPORT_DOC).replace('TRL SFTTrainer (none recorded)', 'TRL SFTTrainer');
    expect(await exportDocSource(page)).not.toBe(page);
  });

  it('refuses a page without the markers', async () => {
    const page = read(EXPORT_DOC).replace(START, '').replace(END, '');
    await expect(exportDocSource(page)).rejects.toThrow(/markers/);
  });
});
