// API keys kept in the OS keychain (Electron safeStorage) by the desktop app, for judge and
// scoring endpoints that name a key by environment variable (api_key_env). Keys travel only from
// the page to the main process, never back: listing says which names are set and where from.
import * as z from 'zod';
import type { Result } from './result';

export const ApiKeyNameSchema = z
  .string()
  .regex(
    /^[A-Z][A-Z0-9_]{0,123}_KEY$/,
    'a key variable name: capital letters, digits and _, ending in _KEY (e.g. OPENAI_API_KEY)',
  );

export const StoreApiKeyInputSchema = z
  .object({ name: ApiKeyNameSchema, key: z.string().trim().min(1).max(8192) })
  .strict();
export type StoreApiKeyInput = z.infer<typeof StoreApiKeyInputSchema>;

export const RemoveApiKeyInputSchema = z.object({ name: ApiKeyNameSchema }).strict();
export type RemoveApiKeyInput = z.infer<typeof RemoveApiKeyInputSchema>;

export interface ApiKeyEntry {
  name: string;
  /** Whose value requests use: the stored key, or the environment's (it set the variable too). */
  used: 'keychain' | 'environment';
}

export interface ApiKeyList {
  /** False where the OS offers no encryption (e.g. Linux without a secret service): nothing is stored. */
  keychain: boolean;
  keys: ApiKeyEntry[];
}

export const API_KEY_CHANNELS = {
  list: 'turnwise:apiKeys:list',
  store: 'turnwise:apiKeys:store',
  remove: 'turnwise:apiKeys:remove',
} as const;

/** On `window.turnwise.apiKeys` in the desktop app only (browser mode reads the environment). */
export interface ApiKeyBridge {
  list(): Promise<Result<ApiKeyList>>;
  store(input: StoreApiKeyInput): Promise<Result<ApiKeyList>>;
  remove(input: RemoveApiKeyInput): Promise<Result<ApiKeyList>>;
}
