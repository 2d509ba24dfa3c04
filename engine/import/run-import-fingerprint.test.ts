// The fingerprint of an import is taken before reading only when a dataset of the same size exists
// (only then can the content be the same); either way the stored fingerprint is the same.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { runImport, type ImportProgress } from './run-import';

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

/** What contentSha256 computes for one file: its length, a newline, its bytes. */
function expectedSha(file: string): string {
  const bytes = readFileSync(file);
  return createHash('sha256').update(`${bytes.length}\n`).update(bytes).digest('hex');
}

async function importWithProgress(file: string): Promise<string[]> {
  const messages: string[] = [];
  const onProgress = (progress: ImportProgress) => messages.push(progress.message);
  await runImport(
    workspace,
    { paths: [file], format: 'turnwise', onError: 'abort' },
    onProgress,
    new AbortController().signal,
  );
  return messages;
}

async function storedSha(datasetId: string): Promise<string> {
  const [row] = await workspace.query(
    'SELECT content_sha256 FROM tw_datasets WHERE dataset_id = $1',
    [datasetId],
  );
  return String(row?.content_sha256);
}

describe('the import fingerprint', () => {
  it('is taken while reading when no dataset has the size, before it when one has', async () => {
    const a = writeJsonl(path.join(dir, 'a.jsonl'), [turnwiseRecord({ id: 'r1', task: 'x' })]);
    expect(await importWithProgress(a)).not.toContain('fingerprinting');
    expect(await storedSha('a')).toBe(expectedSha(a));

    // Same size, other content (one letter changed): fingerprinted first, and not a duplicate.
    const b = path.join(dir, 'b.jsonl');
    writeFileSync(b, readFileSync(a, 'utf8').replace('"x"', '"y"'));
    expect(readFileSync(b).length).toBe(readFileSync(a).length);
    expect(await importWithProgress(b)).toContain('fingerprinting');
    expect(await storedSha('b')).toBe(expectedSha(b));
    expect(await storedSha('b')).not.toBe(await storedSha('a'));
  });
});
