// Token text in the heat strips: a dataset's stored ids decoded with the tokenizer.json set for it
// (the test fixture tokenizer), none without one, the reason when the file has gone, and a wrong
// path refused when it is set.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, importDataset } from '../testing/dispatch-test-support';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { FIXTURE_SPECIALS, writeFixtureTokenizer } from '../testing/tokenizer-fixture';
import { loadLocalTokenizer } from '../export/local-tokenizer';
import { storedTokenizerPath } from './token-text';
import { tempDir, writeJsonl } from '../testing/test-support';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('token text', () => {
  let engine: Engine;
  let tokenizerFile: string;
  let ids: number[];
  const turn = { trajectory_id: 'tok:t-1', turn_index: 1 };

  beforeAll(async () => {
    tokenizerFile = writeFixtureTokenizer(tmp.dir);
    const tokenizer = await loadLocalTokenizer(tokenizerFile);
    ids = [...tokenizer.encode('Step Done é', false), FIXTURE_SPECIALS.im_end, 9999];
    const file = writeJsonl(path.join(tmp.dir, 'tok.jsonl'), [
      {
        trajectory_id: 't-1',
        messages: [
          { role: 'user', content: 'go' },
          {
            role: 'assistant',
            content: 'Step Done é',
            token_ids: ids,
            logp_policy: ids.map((_, i) => -i / 10),
          },
        ],
      },
    ]);
    engine = await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') });
    await importDataset(engine, file, 'tok');
  }, 60_000);
  afterAll(() => engine.close());

  it('gives ids only until a tokenizer is set, then each token text', async () => {
    const before = await callOk(engine, 'getTurnLogprobs', turn);
    expect(before).toMatchObject({ dataset_id: 'tok', tokens: null, tokenizer_path: null });
    expect(before.token_ids).toEqual(ids);

    await callOk(engine, 'setDatasetTokenizer', {
      dataset_id: 'tok',
      tokenizer_path: tokenizerFile,
    });
    const after = await callOk(engine, 'getTurnLogprobs', turn);
    expect(after.tokenizer_path).toBe(tokenizerFile);
    // Merged pieces, the leading space kept, é split into its two bytes, the special token by
    // name, and null for an id outside the vocabulary.
    expect(after.tokens).toEqual(['Step', ' ', 'Don', 'e', ' ', '�', '�', '<|im_end|>', null]);
    expect(after.tokens?.slice(0, 5).join('')).toBe('Step Done ');
  });

  it('refuses a path that is not a tokenizer, and reports one that went missing', async () => {
    const wrong = await engine.dispatch('setDatasetTokenizer', {
      dataset_id: 'tok',
      tokenizer_path: path.join(tmp.dir, 'tok.jsonl'),
    });
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('invalid_input');
    renameSync(tokenizerFile, `${tokenizerFile}.moved`);
    const gone = await callOk(engine, 'getTurnLogprobs', turn);
    expect(gone.tokens).toBeNull();
    expect(gone.tokenizer_error).toMatch(/does not exist/);
    expect(gone.logp_policy).toHaveLength(ids.length);
    await callOk(engine, 'setDatasetTokenizer', {
      dataset_id: 'tok',
      tokenizer_path: null,
    });
    const cleared = await callOk(engine, 'getTurnLogprobs', turn);
    expect(cleared).toMatchObject({ tokens: null, tokenizer_path: null, tokenizer_error: null });
  });
});

describe('a tokenizer path read back from a workspace', () => {
  it('is used only when it is what setting one writes: an absolute path to a .json file', () => {
    const json = path.join(tmp.dir, 'stored-tokenizer.json');
    writeFileSync(json, '{}');
    expect(storedTokenizerPath(json)).toBe(json);
    expect(storedTokenizerPath(path.join(tmp.dir, 'moved-away.json'))).toBe(
      path.join(tmp.dir, 'moved-away.json'),
    );
    for (const hostile of [
      path.join(tmp.dir, 'id_rsa'),
      '/dev/zero',
      'relative/tokenizer.json',
      tmp.dir + '/',
      42,
      null,
    ]) {
      expect(storedTokenizerPath(hostile)).toBeNull();
    }
    mkdirSync(path.join(tmp.dir, 'folder.json'));
    expect(storedTokenizerPath(path.join(tmp.dir, 'folder.json'))).toBeNull();
  });
});
