// One judge call through an OpenAI-compatible chat endpoint (vLLM, SGLang, OpenAI, Azure OpenAI,
// Ollama): a JSON-schema answer that every one of them accepts, temperature 0 until a server
// refuses it (then left out for the rest of the run), and the checks on the answer: a leading
// reasoning block skipped, Ollama's silent prompt cut caught (docs/servers.md).
import { JudgeAnswerSchema, type JudgeAnswer } from '../../shared/api-judge';
import { ROLE_LABELS } from '../../shared/model';
import type { ServerProfile } from '../../shared/server-profiles';
import { requestWithRetries } from './judge-http';
import { checkNotCut, type PromptSizes } from './ollama-cut';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface JudgeClientOptions {
  /** The full chat completions URL (see chatCompletionsUrl). */
  url: string;
  model: string;
  /** Sent in the server's key header when set; never logged or stored. */
  apiKey: string | undefined;
  server: ServerProfile;
  /** What the run has learned of the server, shared by its requests (see freshLearning). */
  learned: { sendTemperature: boolean; promptSizes: PromptSizes };
  timeoutMs: number;
  maxRetries: number;
  /** Backoff before retry n (0-based): up to min(maxDelayMs, baseDelayMs * 2^n), jittered. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface Usage {
  requests: number;
  prompt_tokens: number;
  completion_tokens: number;
}

export type JudgeOutcome =
  { ok: true; answer: JudgeAnswer; usage: Usage } | { ok: false; reason: string; usage: Usage };

export const ANSWER_RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'triage_segment_role',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        role: { type: 'string', enum: [...ROLE_LABELS] },
        rationale: { type: 'string', description: 'One or two sentences citing the evidence.' },
        // No minimum/maximum: OpenAI's strict mode (some models) and xgrammar before vLLM 0.8.5
        // refuse them; the answer's range is checked here (JudgeAnswerSchema).
        confidence: { type: 'number', description: 'From 0 (a guess) to 1 (certain).' },
      },
      required: ['role', 'rationale', 'confidence'],
      additionalProperties: false,
    },
  },
} as const;

/** What a run knows of its server before the first answer. */
export function freshLearning(): JudgeClientOptions['learned'] {
  return { sendTemperature: true, promptSizes: new Map() };
}

/** An answer that does not match the schema is asked for once more, then recorded as a failure. */
const ANSWER_ATTEMPTS = 2;

/**
 * `…/v1` becomes `…/v1/chat/completions`; a URL already ending so is kept, and so is a query
 * (Azure's ?api-version=).
 */
export function chatCompletionsUrl(endpoint: string): string {
  const url = new URL(endpoint);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = /\/chat\/completions$/.test(path) ? path : `${path}/chat/completions`;
  return url.toString();
}

interface ChatResponse {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** The answer in a chat completion, or why it is not a valid one. */
export function parseAnswer(
  body: unknown,
): { ok: true; answer: JudgeAnswer } | { ok: false; reason: string } {
  const choice = (body as ChatResponse | null)?.choices?.[0];
  if (choice === undefined) return { ok: false, reason: 'the response has no choices' };
  const message = choice.message;
  if (typeof message?.refusal === 'string' && message.refusal !== '') {
    return { ok: false, reason: `the model refused: ${message.refusal.slice(0, 300)}` };
  }
  if (typeof message?.content !== 'string' || message.content.trim() === '') {
    return { ok: false, reason: 'the answer is empty' };
  }
  if (choice.finish_reason === 'length') {
    return { ok: false, reason: 'the answer was cut off (finish_reason length)' };
  }
  // Reasoning models served without a reasoning parser put their thinking first, and servers
  // without schema enforcement sometimes fence the JSON.
  const text = message.content
    .trim()
    .replace(/^<think>[\s\S]*?<\/think>\s*/, '')
    .replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: `the answer is not JSON: ${text.slice(0, 200)}` };
  }
  const checked = JudgeAnswerSchema.safeParse(parsed);
  if (!checked.success) {
    const issues = checked.error.issues.map(
      (i) => `${i.path.join('.') || '(answer)'}: ${i.message}`,
    );
    return { ok: false, reason: `the answer does not match the schema: ${issues.join('; ')}` };
  }
  return { ok: true, answer: checked.data };
}

/**
 * Asks the judge about one segment. Transport failures and invalid answers come back as
 * `{ok: false}` (the segment gets no label); a wrong URL, model or key (401/403/404) and
 * cancellation throw, since every other request would fail the same way.
 */
export async function judgeSegment(
  options: JudgeClientOptions,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
): Promise<JudgeOutcome> {
  const usage: Usage = { requests: 0, prompt_tokens: 0, completion_tokens: 0 };
  const body = () =>
    JSON.stringify({
      model: options.model,
      messages,
      ...(options.learned.sendTemperature ? { temperature: 0 } : {}),
      response_format: ANSWER_RESPONSE_FORMAT,
    });
  let reason = '';
  for (let attempt = 0; attempt < ANSWER_ATTEMPTS; attempt++) {
    const withTemperature = options.learned.sendTemperature;
    let response = await requestWithRetries(options, body(), signal, usage);
    // Concurrent requests may all have sent it before the first refusal came back.
    if (!response.ok && response.refusedTemperature && withTemperature) {
      options.learned.sendTemperature = false; // the server takes only its default
      response = await requestWithRetries(options, body(), signal, usage);
    }
    if (!response.ok) return { ok: false, reason: response.reason, usage };
    const tokens = (response.body as ChatResponse | null)?.usage;
    usage.prompt_tokens += count(tokens?.prompt_tokens);
    usage.completion_tokens += count(tokens?.completion_tokens);
    if (options.server === 'ollama') {
      const chars = messages.reduce((n, m) => n + m.content.length, 0);
      checkNotCut(chars, count(tokens?.prompt_tokens), options.learned.promptSizes);
    }
    const parsed = parseAnswer(response.body);
    if (parsed.ok) return { ok: true, answer: parsed.answer, usage };
    reason = parsed.reason;
  }
  return { ok: false, reason: `invalid answer twice: ${reason}`, usage };
}
