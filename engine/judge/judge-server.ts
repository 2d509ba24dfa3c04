// The kind of server the judge talks to: the one set, else what the endpoint's model list says
// (GET …/models, whose cards and headers tell the kinds apart), else vLLM's plain behaviour. An
// Azure host is known by its name, before any request, since its key goes in another header.
import type { ServerChoice } from '../../shared/server-profiles';
import { isAzureUrl, resolveServer, type ResolvedServer } from '../endpoints/server-profile';
import { keyHeaders } from './judge-http';

const DETECT_TIMEOUT_MS = 10_000;

/** The model-list URL beside a chat completions URL (…/v1/chat/completions → …/v1/models). */
export function modelsUrl(chatUrl: string): string {
  const url = new URL(chatUrl);
  url.pathname = url.pathname.replace(/\/chat\/completions$/, '/models');
  return url.toString();
}

async function evidenceOf(chatUrl: string, apiKey: string | undefined, signal: AbortSignal) {
  try {
    const response = await fetch(modelsUrl(chatUrl), {
      headers: { accept: 'application/json', ...keyHeaders('vllm', apiKey) },
      signal: AbortSignal.any([signal, AbortSignal.timeout(DETECT_TIMEOUT_MS)]),
    });
    const body = (await response.json().catch(() => null)) as {
      data?: { owned_by?: unknown }[];
    } | null;
    const ownedBy = (Array.isArray(body?.data) ? body.data : []).flatMap((card) =>
      typeof card.owned_by === 'string' ? [card.owned_by] : [],
    );
    return { url: chatUrl, ownedBy, headers: response.headers };
  } catch {
    // No model list (or no answer): the chat request will say what is wrong.
    return { url: chatUrl, ownedBy: [], headers: null };
  }
}

export async function judgeServer(
  chatUrl: string,
  choice: ServerChoice | undefined,
  apiKey: string | undefined,
  signal: AbortSignal,
): Promise<ResolvedServer> {
  if (choice !== undefined && choice !== 'auto') return { profile: choice, how: 'set' };
  if (isAzureUrl(chatUrl)) return { profile: 'azure', how: 'detected' };
  return resolveServer('auto', await evidenceOf(chatUrl, apiKey, signal));
}
