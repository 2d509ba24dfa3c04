// The three API-key channels of the desktop app (shared/api-keys.ts). Like the engine's channels
// (ipc.ts): only the app window's top frame on the app origin is answered, every input is
// validated by schema, and answers are Result envelopes. A key goes in; only names come out.
import {
  API_KEY_CHANNELS,
  RemoveApiKeyInputSchema,
  StoreApiKeyInputSchema,
  type ApiKeyList,
} from '../shared/api-keys';
import { fail, ok, TurnwiseError, type Result } from '../shared/result';
import { checkSender, type IpcMainLike } from './ipc';
import type { KeyStore } from './key-store';

export interface KeyIpcBindings {
  store: Pick<KeyStore, 'list' | 'store' | 'remove'>;
  getAppContentsId(): number | null;
  onRefused?(channel: string, reason: string): void;
}

type Handler = (input: unknown) => ApiKeyList;

export function registerKeyIpc(ipcMain: IpcMainLike, bindings: KeyIpcBindings): () => void {
  const handlers: [string, Handler][] = [
    [API_KEY_CHANNELS.list, () => bindings.store.list()],
    [
      API_KEY_CHANNELS.store,
      (input) => {
        const { name, key } = StoreApiKeyInputSchema.parse(input);
        return bindings.store.store(name, key);
      },
    ],
    [
      API_KEY_CHANNELS.remove,
      (input) => bindings.store.remove(RemoveApiKeyInputSchema.parse(input).name),
    ],
  ];
  for (const [channel, handler] of handlers) {
    ipcMain.handle(channel, (event, input): Result<ApiKeyList> => {
      const verdict = checkSender(event, bindings.getAppContentsId());
      if (!verdict.trusted) {
        bindings.onRefused?.(channel, verdict.reason);
        return fail('unauthorized', `IPC sender refused: ${verdict.reason}`);
      }
      try {
        return ok(handler(input ?? {}));
      } catch (error) {
        if (error instanceof TurnwiseError) return fail(error.code, error.message);
        if (error instanceof Error && error.name === 'ZodError') {
          // The schema's message names the field; the key itself is never echoed.
          return fail('bad_request', describeZod(error));
        }
        return fail('io', error instanceof Error ? error.message : String(error));
      }
    });
  }
  return () => {
    for (const [channel] of handlers) ipcMain.removeHandler(channel);
  };
}

function describeZod(error: Error): string {
  const issues = (error as Error & { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  if (!issues?.length) return 'invalid input';
  return issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ');
}
