// The HTTP side shared by the toy model servers (vLLM- and SGLang-shaped): a real server on
// 127.0.0.1 and a free port that records every request, checks the bearer key, and can be told to
// fail or delay its scoring answers. Each server supplies its routes and its error body shape.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface ToyServer {
  /** http://127.0.0.1:PORT (no /v1). */
  url: string;
  model: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** HTTP statuses the next scoring requests answer with instead of a result. */
  failNext: number[];
  /** Delay before each scoring answer (for cancel and timeout tests). */
  delayMs: number;
  close(): Promise<void>;
}

export interface ToyRoutes {
  model: string;
  /** Requires `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** The answer to one request; throw HttpError for an error answer. */
  route(method: string, path: string, body: Record<string, unknown>): unknown;
  /** Paths whose answers `failNext` and `delayMs` apply to. */
  scoringPaths: readonly string[];
  /** The server's JSON error body for a status and message. */
  errorBody(status: number, message: string): unknown;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new HttpError(400, 'request body is not JSON');
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  // A few answers carry integers beyond JSON.stringify's reach (SGLang's 1e30 context length).
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startToyHttpServer(routes: ToyRoutes): Promise<ToyServer> {
  const state = { requests: [] as RecordedRequest[], failNext: [] as number[], delayMs: 0 };
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const path = (request.url ?? '/').split('?')[0] ?? '/';
        const body = request.method === 'POST' ? await readJson(request) : {};
        state.requests.push({ path, body, headers: request.headers });
        if (
          routes.apiKey !== undefined &&
          request.headers.authorization !== `Bearer ${routes.apiKey}`
        ) {
          send(response, 401, { error: 'Unauthorized' });
          return;
        }
        if (routes.scoringPaths.includes(path)) {
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          const failure = state.failNext.shift();
          if (failure !== undefined) throw new HttpError(failure, `injected failure ${failure}`);
        }
        send(response, 200, routes.route(request.method ?? 'GET', path, body));
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        const message = error instanceof Error ? error.message : String(error);
        if (!response.headersSent) send(response, status, routes.errorBody(status, message));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    model: routes.model,
    get requests() {
      return state.requests;
    },
    get failNext() {
      return state.failNext;
    },
    set failNext(statuses: number[]) {
      state.failNext = statuses;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
