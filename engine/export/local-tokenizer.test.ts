// Reading the user's tokenizer.json: a good file encodes; every bad one is refused as
// invalid_input naming the file and what is wrong with it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TurnwiseError } from '../../shared/result';
import { tempDir } from '../testing/test-support';
import { loadLocalTokenizer } from './local-tokenizer';
import {
  FIXTURE_SPECIALS,
  fixtureTokenizer,
  writeFixtureTokenizer,
} from '../testing/tokenizer-fixture';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

async function refusal(file: string): Promise<TurnwiseError> {
  const error: unknown = await loadLocalTokenizer(file).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TurnwiseError)) throw new Error(`expected a TurnwiseError, got ${error}`);
  expect(error.code).toBe('invalid_input');
  expect(error.message).toContain(file);
  return error;
}

function writeJson(name: string, text: string): string {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, text);
  return file;
}

describe('loadLocalTokenizer', () => {
  it('encodes with the file, special tokens and merges included', async () => {
    const tokenizer = await loadLocalTokenizer(writeFixtureTokenizer(tmp.dir));
    expect(tokenizer.encode('<|im_start|>Step 0<|im_end|>', false)).toEqual([
      FIXTURE_SPECIALS.im_start,
      258,
      32,
      48,
      FIXTURE_SPECIALS.im_end,
    ]);
    expect(tokenizer.vocabSize).toBe(FIXTURE_SPECIALS.im_end + 1);
    expect(tokenizer.file).toBe(path.join(tmp.dir, 'tokenizer.json'));
  });

  it('refuses a missing file, a folder, bad JSON and files that are not a tokenizer', async () => {
    expect((await refusal(path.join(tmp.dir, 'absent.json'))).message).toMatch(/does not exist/);
    const folder = path.join(tmp.dir, 'folder');
    mkdirSync(folder);
    expect((await refusal(folder)).message).toMatch(/is a folder/);
    expect((await refusal(writeJson('bad.json', '{"model": '))).message).toMatch(/not valid JSON/);
    expect((await refusal(writeJson('list.json', '[1, 2]'))).message).toMatch(/not a JSON object/);
    expect((await refusal(writeJson('nomodel.json', '{"version": "1.0"}'))).message).toMatch(
      /has no "model"/,
    );
    const wordLevel = { ...fixtureTokenizer(), model: { type: 'WordLevel', vocab: { a: 0 } } };
    expect((await refusal(writeJson('wl.json', JSON.stringify(wordLevel)))).message).toMatch(
      /model type 'WordLevel' is not supported/,
    );
    const broken = { ...fixtureTokenizer(), pre_tokenizer: { type: 'NoSuchThing' } };
    expect((await refusal(writeJson('broken.json', JSON.stringify(broken)))).message).toMatch(
      /cannot be read as a tokenizer/,
    );
  });
});
