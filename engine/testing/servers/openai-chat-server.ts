// A small real HTTP server speaking the OpenAI chat completions API (POST /v1/chat/completions,
// GET /v1/models), for tests of the judge: no LLM endpoint is reachable where the tests run. It
// answers as the kind of server it is told to be (chat-server-profiles.ts: vLLM, SGLang, OpenAI,
// Azure OpenAI, Ollama). Its behaviour is
// scripted per request (answers by request content, 429/500 failures, hangs, latency), it reports
// usage token counts, and it records what it saw (requests, headers, concurrency, aborts).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authorized,
  errorBody,
  modelsBody,
  ollamaCut,
  refusal,
  responseHeaders,
  routeOf,
  type ChatServerBehaviour,
} from './chat-server-profiles';

export interface ChatRequestBody {
  model?: unknown;
  messages?: { role?: unknown; content?: unknown }[];
  temperature?: unknown;
  response_format?: { type?: unknown; json_schema?: { name?: unknown; schema?: unknown } };
}

export interface ChatRequestRecord {
  body: ChatRequestBody;
  headers: IncomingHttpHeaders;
  /** The text of the last user message. */
  user: string;
  system: string;
}

export type ChatReply =
  /** A completion whose content is this answer (an object is sent as JSON text). */
  | {
      answer: { role: string; rationale?: string; confidence?: number } | string;
      usage?: { prompt_tokens: number; completion_tokens: number };
      finishReason?: string;
    }
  /** An HTTP error, e.g. 429 with Retry-After or 500. */
  | { status: number; retryAfter?: string; body?: string }
  /** No answer until the client gives up (for timeouts and cancellation). */
  | { hang: true };

export type ReplyScript = (request: ChatRequestRecord, index: number) => ChatReply;

export interface OpenAIChatServerOptions extends ChatServerBehaviour {
  reply?: ReplyScript;
  /** Delay before each answer. */
  latencyMs?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` (Azure: `api-key`) get 401. */
  apiKey?: string;
  /** The model /v1/models lists. */
  model?: string;
}

export interface OpenAIChatServer {
  /** The API base to configure a client with: http://127.0.0.1:PORT/v1 (Azure: …/openai/v1) */
  baseUrl: string;
  requests: ChatRequestRecord[];
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Requests whose client went away before the answer. */
  readonly aborted: number;
  setReply(reply: ReplyScript): void;
  setLatency(ms: number): void;
  /** Forgets the recorded requests and counters. */
  reset(): void;
  close(): Promise<void>;
}

/** A plausible role for the action named in the segment to judge (the context's own format). */
export function roleForTarget(user: string): string {
  const target = user.split('# The segment to judge')[1] ?? '';
  const action = /Action:\s*([\w.-]+)/.exec(target)?.[1] ?? '';
  if (/^(submit|edit|write|apply|patch)/i.test(action)) return 'decisive_progress';
  if (/^(read|search|grep|list|find|run|open|view|cat|ls)/i.test(action)) {
    return 'useful_exploration';
  }
  return 'no_progress_infrastructure';
}

export const triageReply: ReplyScript = (request) => ({
  answer: {
    role: roleForTarget(request.user),
    rationale: 'Judged by the test server.',
    confidence: 0.8,
  },
});

function textOf(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function invalidRequest(body: ChatRequestBody): string | null {
  if (typeof body.model !== 'string' || body.model === '') return 'model is required';
  if (!Array.isArray(body.messages) || body.messages.length === 0) return 'messages is required';
  const format = body.response_format;
  if (
    format !== undefined &&
    (format.type !== 'json_schema' || typeof format.json_schema?.schema !== 'object')
  ) {
    return 'response_format must be {type: "json_schema", json_schema: {name, schema}}';
  }
  return null;
}

function completion(
  body: ChatRequestBody,
  reply: Extract<ChatReply, { answer: unknown }>,
  promptTokens: number | null,
) {
  const content = typeof reply.answer === 'string' ? reply.answer : JSON.stringify(reply.answer);
  const promptChars = (body.messages ?? []).reduce((n, m) => n + textOf(m.content).length, 0);
  const usage = reply.usage ?? {
    prompt_tokens: promptTokens ?? Math.ceil(promptChars / 4),
    completion_tokens: Math.ceil(content.length / 4),
  };
  return {
    id: `chatcmpl-test-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content },
        finish_reason: reply.finishReason ?? 'stop',
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

export async function startOpenAIChatServer(
  options: OpenAIChatServerOptions = {},
): Promise<OpenAIChatServer> {
  let reply = options.reply ?? triageReply;
  let latency = options.latencyMs ?? 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = 0;
  const requests: ChatRequestRecord[] = [];

  const profile = options.profile ?? 'vllm';
  const server = createServer((req, res) => {
    const headers = responseHeaders(profile);
    const route = routeOf(profile, req.method ?? 'GET', new URL(req.url ?? '/', 'http://x'));
    if (route === null) {
      const message = `no route ${req.method} ${req.url}`;
      return send(res, 404, errorBody(profile, 404, message), headers);
    }
    if (!authorized(profile, req.headers, options.apiKey)) {
      return send(res, 401, errorBody(profile, 401, 'Incorrect API key provided'), headers);
    }
    if (route === 'models')
      return send(res, 200, modelsBody(profile, options.model ?? 'judge'), headers);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: ChatRequestBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
      } catch {
        return send(res, 400, { error: { message: 'the body is not JSON' } });
      }
      const problem = invalidRequest(body);
      if (problem !== null) return send(res, 400, errorBody(profile, 400, problem), headers);
      const messages = body.messages ?? [];
      const system = textOf(messages.find((m) => m.role === 'system')?.content);
      const user = textOf([...messages].reverse().find((m) => m.role === 'user')?.content);
      // Ollama judges what fits its context: the prompt's head.
      const cut = ollamaCut(options, system + user);
      const seen =
        cut === null ? user : user.slice(0, Math.max(0, cut.text.length - system.length));
      const record: ChatRequestRecord = { body, headers: req.headers, user: seen, system };
      const index = requests.length;
      requests.push(record);
      const refused = refusal(options, body);
      if (refused !== null) return send(res, refused.status, refused.body, headers);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        inFlight--;
      };
      res.on('close', () => {
        if (!res.writableFinished) aborted++;
        finish();
      });
      const answer = reply(record, index);
      if ('hang' in answer) return;
      setTimeout(() => {
        if (res.destroyed) return;
        if ('status' in answer) {
          if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
          send(
            res,
            answer.status,
            answer.body ?? errorBody(profile, answer.status, `scripted ${answer.status}`),
            headers,
          );
        } else {
          send(res, 200, completion(body, answer, cut?.tokens ?? null), headers);
        }
      }, latency);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${profile === 'azure' ? '/openai/v1' : '/v1'}`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get aborted() {
      return aborted;
    },
    setReply(next) {
      reply = next;
    },
    setLatency(ms) {
      latency = ms;
    },
    reset() {
      requests.length = 0;
      maxInFlight = inFlight;
      aborted = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
