// The kinds of model server the judge and scoring talk to. Each differs in ways the clients must
// follow (docs/servers.md): where prompt log-probs come from, how chat messages are tokenized,
// the API key header, which request fields are refused. `auto` asks the server what it is.
import * as z from 'zod';

export const SERVER_PROFILES = ['vllm', 'sglang', 'openai', 'azure', 'ollama'] as const;
export type ServerProfile = (typeof SERVER_PROFILES)[number];

export const SERVER_CHOICES = ['auto', ...SERVER_PROFILES] as const;
export type ServerChoice = (typeof SERVER_CHOICES)[number];
export const ServerChoiceSchema = z.enum(SERVER_CHOICES);

export const SERVER_LABELS: Record<ServerChoice, string> = {
  auto: 'Detect',
  vllm: 'vLLM',
  sglang: 'SGLang',
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  ollama: 'Ollama',
};

/** The servers that return log-probs of a prompt's own tokens, which scoring needs. */
export const SCORING_SERVERS: readonly ServerProfile[] = ['vllm', 'sglang'];
