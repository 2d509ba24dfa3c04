// A small byte-level BPE tokenizer.json for tests, built here rather than downloaded: every byte
// is a token (ids 0-255, in GPT-2's byte-to-unicode alphabet), a few merges join common pairs,
// and the ChatML markers are special added tokens.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** GPT-2's printable stand-in for each byte, as the ByteLevel pre-tokenizer and decoder use. */
function byteAlphabet(): string[] {
  const printable = (b: number) =>
    (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const chars: string[] = [];
  let shifted = 0;
  for (let b = 0; b < 256; b += 1) {
    chars.push(String.fromCodePoint(printable(b) ? b : 256 + shifted++));
  }
  return chars;
}

const ALPHABET = byteAlphabet();

/** Pairs merged in this order; each merge's token gets the next id after the bytes. */
const MERGES: [string, string][] = [
  ['S', 't'],
  ['St', 'e'],
  ['Ste', 'p'],
  ['D', 'o'],
  ['Do', 'n'],
];

export const FIXTURE_SPECIALS = { im_start: 300, im_end: 301 } as const;

/** The tokenizer.json object. */
export function fixtureTokenizer(): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  ALPHABET.forEach((char, id) => (vocab[char] = id));
  MERGES.forEach(([a, b], i) => (vocab[a + b] = 256 + i));
  const special = (id: number, content: string) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [
      special(FIXTURE_SPECIALS.im_start, '<|im_start|>'),
      special(FIXTURE_SPECIALS.im_end, '<|im_end|>'),
    ],
    normalizer: null,
    pre_tokenizer: {
      type: 'ByteLevel',
      add_prefix_space: false,
      trim_offsets: true,
      use_regex: true,
    },
    post_processor: null,
    decoder: { type: 'ByteLevel', add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab,
      merges: MERGES.map(([a, b]) => `${a} ${b}`),
    },
  };
}

/** Writes the tokenizer.json into a folder and returns its path. */
export function writeFixtureTokenizer(dir: string): string {
  const file = path.join(dir, 'tokenizer.json');
  writeFileSync(file, JSON.stringify(fixtureTokenizer()));
  return file;
}
