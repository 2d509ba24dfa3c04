// Browser mode: the same API over HTTP on 127.0.0.1 (another address only when asked), behind a
// per-run token, plus the built renderer. Every request needs the token: API calls in a header,
// page loads in the URL printed at start, which then lives in a same-site-only cookie.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';
import { fail, type Result } from '../shared/result';
import type { Engine } from '../engine/core/engine-types';
import {
  checkOrigin,
  cookieValue,
  isAllowedHost,
  isWildcardHost,
  tokenCookieName,
} from './request-guard';
import { drainBody } from './drain-body';
import { serveStatic } from './static-files';
import { hostHeaderCount, jsonDepth, MAX_JSON_DEPTH, methodFromPath } from './request-limits';
import { createUploadRoute } from './upload-route';
import type { UploadLimits } from './upload-store';

export interface ServerOptions {
  engine: Engine;
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** The address to listen on; 127.0.0.1 unless the user asks otherwise (turnwise serve --host). */
  host?: string;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
  /** Where browser-mode uploads (dropped files) are written; a temp folder by default. */
  uploadDir?: string;
  /** Size and count caps for uploads (turnwise serve --max-upload-mb). */
  uploadLimits?: UploadLimits;
}

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** How much of a refused body (upload or API call) is read and dropped so its client sees the refusal. */
const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

function sendJson(response: ServerResponse, status: number, body: Result<unknown>): void {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

function tokenMatches(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const TOKEN_PAGE = `<!doctype html><meta charset="utf-8"><title>Turnwise</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:3em auto;max-width:40em;padding:0 1em}</style>
<h1>Turnwise</h1>
<p role="alert">This Turnwise server needs its access token. Open the URL with <code>?token=</code>
that <code>turnwise serve</code> printed when it started.</p>\n`;

function sendTokenPage(response: ServerResponse): void {
  response.writeHead(401, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(TOKEN_PAGE);
}

/**
 * The request body, or null once it passes the cap. Reading stops there without destroying the
 * request: a destroyed request leaves its keep-alive socket to be reset under the next request.
 */
function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else {
        stop();
        request.pause();
        resolve(null);
      }
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const bindHost = options.host ?? '127.0.0.1';
  const eventStreams = new Set<ServerResponse>();
  const uploads = createUploadRoute(options.engine, options.uploadDir, options.uploadLimits);
  let port = options.port;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, fail('internal', String(error)));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A page on another origin that resolves its own name to 127.0.0.1 must not reach the API.
    const host = request.headers.host ?? '';
    if (hostHeaderCount(request.rawHeaders) > 1) {
      sendJson(response, 400, fail('bad_request', 'the request has more than one Host header'));
      return;
    }
    if (!isAllowedHost(request.headers.host, { host: bindHost, port })) {
      sendJson(response, 421, fail('unauthorized', `unexpected Host header '${host}'`));
      return;
    }
    const url = new URL(request.url ?? '/', `http://${host}`);
    if (url.pathname.startsWith('/api/') || url.pathname === '/upload') {
      const origin = checkOrigin(
        request.headers.origin,
        request.headers['sec-fetch-site'] as string | undefined,
        host,
      );
      if (!origin.allowed) {
        sendJson(response, 403, fail('unauthorized', origin.reason));
        return;
      }
    }
    if (url.pathname === '/api/events') {
      if (!tokenMatches(url.searchParams.get('token'), token)) {
        sendJson(response, 401, fail('unauthorized', 'missing or wrong token'));
        return;
      }
      openEventStream(response);
      return;
    }
    if (url.pathname === '/upload') {
      if (!tokenMatches(request.headers['x-turnwise-token'] as string | undefined, token)) {
        sendJson(response, 401, fail('unauthorized', 'missing or wrong token'));
        return;
      }
      if (request.method !== 'POST') {
        sendJson(response, 405, fail('bad_request', 'uploads are sent with POST'));
        return;
      }
      const answer = await uploads.receive(request, url.searchParams.get('name') ?? '');
      if (!answer.body.ok) {
        // A refused upload's unread body is dropped up to a bound, so the client is done sending
        // and reads the refusal; then, or past the bound, the connection is closed.
        await drainBody(request, REFUSED_BODY_DRAIN_BYTES);
        response.setHeader('Connection', 'close');
      }
      sendJson(response, answer.status, answer.body);
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      if (!tokenMatches(request.headers['x-turnwise-token'] as string | undefined, token)) {
        sendJson(response, 401, fail('unauthorized', 'missing or wrong token'));
        return;
      }
      if (request.method !== 'POST') {
        sendJson(response, 405, fail('bad_request', 'API methods are called with POST'));
        return;
      }
      const body = await readBody(request);
      if (body === null) {
        // As for a refused upload: drop the rest (bounded) so the client reads the 413, and close
        // the connection so no next request is sent on a socket that may still hold body bytes.
        await drainBody(request, REFUSED_BODY_DRAIN_BYTES);
        response.setHeader('Connection', 'close');
        sendJson(response, 413, fail('bad_request', `request body over ${MAX_BODY_BYTES} bytes`));
        return;
      }
      const method = methodFromPath(url.pathname);
      if (method === null) {
        sendJson(response, 400, fail('bad_request', 'the API path has broken percent-encoding'));
        return;
      }
      if (jsonDepth(body) > MAX_JSON_DEPTH) {
        sendJson(
          response,
          400,
          fail('bad_request', `request body nests deeper than ${MAX_JSON_DEPTH} levels`),
        );
        return;
      }
      let input: unknown;
      try {
        input = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        sendJson(response, 400, fail('bad_request', 'request body is not valid JSON'));
        return;
      }
      const refusal = uploads.refuse(method, input);
      if (refusal !== null) {
        sendJson(response, refusal.status, refusal.body);
        return;
      }
      const result = await options.engine.dispatchByName(method, input);
      await uploads.noteDispatched(method, input, result);
      sendJson(response, 200, result);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendJson(response, 405, fail('bad_request', `${request.method ?? ''} is not allowed here`));
      return;
    }
    const cookie = tokenCookieName(port);
    const fromUrl = url.searchParams.get('token');
    if (tokenMatches(fromUrl, token)) {
      // HttpOnly: page scripts never read it; Strict: no other site's page or link sends it.
      response.setHeader('Set-Cookie', `${cookie}=${token}; Path=/; HttpOnly; SameSite=Strict`);
    } else if (!tokenMatches(cookieValue(request.headers.cookie, cookie), token)) {
      sendTokenPage(response);
      return;
    }
    await serveStatic(options.rendererDir, url.pathname, response, SECURITY_HEADERS);
  }

  function openEventStream(response: ServerResponse): void {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    eventStreams.add(response);
    const unsubscribe = options.engine.onJobEvent((job) => {
      response.write(`data: ${JSON.stringify(job)}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
    response.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      eventStreams.delete(response);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindHost, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${urlHost(bindHost)}:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of eventStreams) stream.end();
        uploads.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The host part of the printed URL: loopback when listening everywhere, IPv6 in brackets. */
function urlHost(bindHost: string): string {
  if (isWildcardHost(bindHost)) return '127.0.0.1';
  return bindHost.includes(':') ? `[${bindHost}]` : bindHost;
}
