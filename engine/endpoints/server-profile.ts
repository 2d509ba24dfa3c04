// Which kind of server an endpoint is, from what it says of itself: the `owned_by` of its model
// cards (vLLM and SGLang write their own names, Ollama the model's namespace, "library" by
// default; OpenAI "system", "openai", "openai-internal"), its response headers (OpenAI's
// openai-organization / openai-version, Azure's apim-request-id / x-ms-region) and Azure's host
// names. Sources: docs/servers.md.
import type { ServerChoice, ServerProfile } from '../../shared/server-profiles';

const AZURE_HOSTS =
  /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/i;
const OPENAI_OWNERS = new Set(['system', 'openai', 'openai-internal', 'openai-dev']);

export interface ServerEvidence {
  url: string;
  /** The owned_by of each model card, where the server listed its models. */
  ownedBy: readonly string[];
  headers: Headers | null;
}

export function isAzureUrl(url: string): boolean {
  try {
    return AZURE_HOSTS.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The profile the evidence shows, or null when it shows none. */
export function profileFromEvidence(evidence: ServerEvidence): ServerProfile | null {
  const { headers, ownedBy } = evidence;
  if (isAzureUrl(evidence.url) || headers?.has('apim-request-id') || headers?.has('x-ms-region'))
    return 'azure';
  if (ownedBy.includes('vllm')) return 'vllm';
  if (ownedBy.includes('sglang')) return 'sglang';
  if (headers?.has('openai-organization') || headers?.has('openai-version')) return 'openai';
  if (ownedBy.some((owner) => OPENAI_OWNERS.has(owner))) return 'openai';
  if (ownedBy.includes('library')) return 'ollama';
  return null;
}

export interface ResolvedServer {
  profile: ServerProfile;
  /** set: named by the user; detected: recognised; assumed: neither. */
  how: 'set' | 'detected' | 'assumed';
}

/**
 * The profile to use: the one set, else the one detected, else vLLM's (the most common
 * OpenAI-compatible server, and the plainest: no request changes).
 */
export function resolveServer(
  choice: ServerChoice | undefined,
  evidence: ServerEvidence,
): ResolvedServer {
  if (choice !== undefined && choice !== 'auto') return { profile: choice, how: 'set' };
  const found = profileFromEvidence(evidence);
  return found === null ? { profile: 'vllm', how: 'assumed' } : { profile: found, how: 'detected' };
}
