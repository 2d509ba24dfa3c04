// Token text for the heat strips: a dataset's token ids decoded with the tokenizer.json set for
// it (tw_settings 'tokenizer:<dataset_id>'). The file is read once and kept while it is unchanged.
import { statSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_TEXT_CAP } from '../../shared/api-trajectory';
import { TurnwiseError } from '../../shared/result';
import { loadLocalTokenizer, type LocalTokenizer } from '../export/local-tokenizer';
import { requireDataset } from '../store/require';
import { deleteSetting, readSetting, writeSetting } from '../store/settings';
import type { Workspace } from '../store/workspace';

const settingKey = (datasetId: string) => `tokenizer:${datasetId}`;

/** The last tokenizers read, by path, with the file's mtime: a changed file is read again. */
const cache = new Map<string, { mtimeMs: number; tokenizer: LocalTokenizer }>();
const CACHED = 2;

async function tokenizerAt(file: string): Promise<LocalTokenizer> {
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    // loadLocalTokenizer names the problem (missing, a folder, no permission).
  }
  const hit = cache.get(file);
  if (hit !== undefined && hit.mtimeMs === mtimeMs) return hit.tokenizer;
  const tokenizer = await loadLocalTokenizer(file);
  cache.delete(file);
  cache.set(file, { mtimeMs, tokenizer });
  for (const key of cache.keys()) if (cache.size > CACHED) cache.delete(key);
  return tokenizer;
}

/**
 * A stored tokenizer path is what setDatasetTokenizer wrote: an absolute path to a `.json` file.
 * A workspace from elsewhere could name any file instead (a key, /dev/zero, a FIFO), so anything
 * else is treated as no tokenizer set (docs/security.md, "A received workspace").
 */
export function storedTokenizerPath(value: unknown): string | null {
  if (typeof value !== 'string' || !path.isAbsolute(value) || !/\.json$/i.test(value)) return null;
  try {
    return statSync(value).isFile() ? value : null;
  } catch {
    return value; // gone since it was set: reading it names the problem
  }
}

export async function datasetTokenizerPath(
  workspace: Workspace,
  datasetId: string,
): Promise<string | null> {
  return storedTokenizerPath(await readSetting(workspace, settingKey(datasetId)));
}

/** Stores the path after reading the file once, so a wrong path fails here, not in every view. */
export async function setDatasetTokenizer(
  workspace: Workspace,
  datasetId: string,
  tokenizerPath: string | null,
): Promise<{ tokenizer_path: string | null }> {
  if (workspace.readOnly) throw new TurnwiseError('read_only', 'the workspace is open read-only');
  await requireDataset(workspace, datasetId);
  if (tokenizerPath === null) {
    await deleteSetting(workspace, settingKey(datasetId));
    return { tokenizer_path: null };
  }
  const file = path.resolve(tokenizerPath);
  if (!/\.json$/i.test(file)) {
    throw new TurnwiseError('invalid_input', `${file}: a tokenizer is a tokenizer.json file`);
  }
  await tokenizerAt(file);
  await writeSetting(workspace, settingKey(datasetId), file);
  return { tokenizer_path: file };
}

export interface TokenText {
  tokens: (string | null)[] | null;
  tokenizer_path: string | null;
  tokenizer_error: string | null;
}

/** The text of the first TOKEN_TEXT_CAP ids, or why there is none. */
export async function tokenText(
  workspace: Workspace,
  datasetId: string,
  ids: number[],
): Promise<TokenText> {
  const file = await datasetTokenizerPath(workspace, datasetId);
  if (file === null || ids.length === 0) {
    return { tokens: null, tokenizer_path: file, tokenizer_error: null };
  }
  try {
    const tokenizer = await tokenizerAt(file);
    return {
      tokens: tokenizer.tokenTexts(ids.slice(0, TOKEN_TEXT_CAP)),
      tokenizer_path: file,
      tokenizer_error: null,
    };
  } catch (error) {
    // A tokenizer moved or broken since it was set: the log-probs still show, with the reason.
    if (!(error instanceof TurnwiseError)) throw error;
    return { tokens: null, tokenizer_path: file, tokenizer_error: error.message };
  }
}
