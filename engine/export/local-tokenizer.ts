// The user's local tokenizer.json, read with @huggingface/tokenizers (pure JS, the same file the
// Rust `tokenizers` library reads). Anything wrong with the file is the user's input to fix, so
// it fails as invalid_input naming the file and the reason.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { TurnwiseError } from '../../shared/result';
import { describeJsonProblem, parseJsonText } from '../text/json-syntax';

export interface LocalTokenizer {
  /** The absolute path it was read from. */
  file: string;
  /** One past the largest id the tokenizer knows (added tokens included). */
  vocabSize: number;
  encode(text: string, addSpecialTokens: boolean): number[];
  /** Each id's own text (special tokens included); null for an id the tokenizer does not know. */
  tokenTexts(ids: number[]): (string | null)[];
}

/** The model types the library implements; others (e.g. WordLevel) would be guessed at. */
const SUPPORTED_MODELS = ['BPE', 'WordPiece', 'Unigram'];

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readProblem(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'EISDIR') return 'it is a folder, not a tokenizer.json file';
  if (code === 'EACCES') return 'permission to read it was denied';
  return messageOf(error);
}

function invalid(file: string, reason: string): TurnwiseError {
  return new TurnwiseError('invalid_input', `cannot use tokenizer '${file}': ${reason}`);
}

export async function loadLocalTokenizer(tokenizerPath: string): Promise<LocalTokenizer> {
  const file = path.resolve(tokenizerPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(file, readProblem(error));
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw invalid(file, `it is not valid JSON (${describeJsonProblem(parsed.problem)})`);
  }
  const json = parsed.value;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw invalid(file, 'it is not a tokenizer.json (not a JSON object)');
  }
  const model = (json as { model?: unknown }).model;
  if (model === null || typeof model !== 'object') {
    throw invalid(file, 'it is not a tokenizer.json (it has no "model")');
  }
  const type = (model as { type?: unknown }).type;
  if (typeof type === 'string' && !SUPPORTED_MODELS.includes(type)) {
    // Named only when it looks like a model type: the file may be any JSON the caller can name.
    const named = /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(type) ? ` '${type}'` : '';
    throw invalid(
      file,
      `its model type${named} is not supported (${SUPPORTED_MODELS.join(', ')} are)`,
    );
  }
  let tokenizer: Tokenizer;
  try {
    // tokenizer_config.json is left out on purpose: the Rust library encodes from tokenizer.json
    // alone, and the config's keys only change encoding in this library's compatibility modes.
    tokenizer = new Tokenizer(json, {});
  } catch (error) {
    throw invalid(file, `it cannot be read as a tokenizer (${messageOf(error)})`);
  }
  const encode = (value: string, addSpecialTokens: boolean): number[] => {
    const { ids } = tokenizer.encode(value, { add_special_tokens: addSpecialTokens });
    if (!ids.every((id) => Number.isInteger(id) && id >= 0)) {
      throw invalid(file, 'it produced token ids that are not non-negative integers');
    }
    return ids;
  };
  try {
    encode('Turnwise', false);
  } catch (error) {
    throw error instanceof TurnwiseError
      ? error
      : invalid(file, `it fails to encode text (${messageOf(error)})`);
  }
  let largest = -1;
  for (const id of tokenizer.get_vocab(true).values()) largest = Math.max(largest, id);
  // One id at a time, so each cell gets its own piece (a byte of a split character shows as �).
  const tokenTexts = (ids: number[]) =>
    ids.map((id) =>
      tokenizer.id_to_token(id) === undefined
        ? null
        : tokenizer.decode([id], { skip_special_tokens: false }),
    );
  return { file, vocabSize: largest + 1, encode, tokenTexts };
}
