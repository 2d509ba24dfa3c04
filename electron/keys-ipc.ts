// The three API-key channels of the desktop app (shared/api-keys.ts). Like the engine's channels
// (ipc.ts): only the app window's top frame on the app origin is answered, every input is
// validated by schema, and answers are Result envelopes. A key goes in; only names come out.
import type { z } from 'zod';
import {
  API_KEY_CHANNELS,
  RemoveApiKeyInputSchema,
  StoreApiKeyInputSchema,
  type ApiKeyList,
} from '../shared/api-keys';
import { fail, ok, TurnwiseError, type Result } from '../shared/result';
import { describeIssues } from '../engine/core/dispatch';
import { toFailure } from '../engine/core/failure';
import { handleFromApp, type IpcMainLike, type SenderBindings } from './ipc';
import type { KeyStore } from './key-store';

export interface KeyIpcBindings extends SenderBindings {
  store: Pick<KeyStore, 'list' | 'store' | 'remove'>;
}

/** Runs a store operation; a file error is an io failure. */
function answer(run: () => ApiKeyList): Result<ApiKeyList> {
  try {
    return ok(run());
  } catch (error) {
    if (error instanceof TurnwiseError) return toFailure(error);
    return fail('io', error instanceof Error ? error.message : String(error));
  }
}

/** Validates the input first; the schema's messages name the field, never echo the key. */
function validated<S extends z.ZodType>(
  schema: S,
  input: unknown,
  run: (request: z.infer<S>) => ApiKeyList,
): Result<ApiKeyList> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) return fail('bad_request', describeIssues(parsed.error));
  return answer(() => run(parsed.data));
}

export function registerKeyIpc(ipcMain: IpcMainLike, bindings: KeyIpcBindings): () => void {
  const { store } = bindings;
  const handlers: [string, (input: unknown) => Result<ApiKeyList>][] = [
    [API_KEY_CHANNELS.list, () => answer(() => store.list())],
    [
      API_KEY_CHANNELS.store,
      (input) => validated(StoreApiKeyInputSchema, input, (r) => store.store(r.name, r.key)),
    ],
    [
      API_KEY_CHANNELS.remove,
      (input) => validated(RemoveApiKeyInputSchema, input, (r) => store.remove(r.name)),
    ],
  ];
  for (const [channel, handler] of handlers) handleFromApp(ipcMain, channel, bindings, handler);
  return () => {
    for (const [channel] of handlers) ipcMain.removeHandler(channel);
  };
}
