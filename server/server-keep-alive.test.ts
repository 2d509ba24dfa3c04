// An API body over the cap answered 413 on a keep-alive connection: the client must get the 413,
// and its next request must work, whether the server keeps the connection or closes it cleanly.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../shared/result';
import { typedDispatch, type DispatchByName } from '../engine/core/dispatch';
import type { Engine } from '../engine/core/engine-types';
import { tempDir } from '../engine/testing/test-support';
import { startServer, type RunningServer } from './server';

/** Answers every method with its name; no workspace is needed to test the transport. */
const dispatchByName: DispatchByName = (method) => Promise.resolve(ok({ method }));
const engine: Engine = {
  workspacePath: '/nowhere.duckdb',
  dispatch: typedDispatch(dispatchByName),
  dispatchByName,
  onJobEvent: () => () => undefined,
  waitForJob: () => Promise.reject(new Error('no jobs here')),
  close: () => Promise.resolve(),
};

let server: RunningServer;
let cleanup: () => void;

beforeAll(async () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  server = await startServer({ engine, rendererDir: temp.dir, port: 0, uploadDir: temp.dir });
});

afterAll(async () => {
  await server.close();
  cleanup();
});

interface Reply {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One POST through `agent`, so consecutive calls reuse its one keep-alive socket if they may. */
function post(agent: Agent, method: string, body: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/${method}`,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'x-turnwise-token': server.token,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('an API body over the cap on a keep-alive connection', () => {
  it.each([
    ['just over the cap', 8 * 1024 * 1024 + 1],
    ['a megabyte over the cap', 9 * 1024 * 1024],
    ['far over the cap', 24 * 1024 * 1024],
  ])('answers 413 and the next request works (%s)', async (_, size) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const warm = await post(agent, 'listDatasets', Buffer.from('{}'));
      expect(warm.status).toBe(200);
      const big = Buffer.alloc(size, 0x20);
      const refused = await post(agent, 'listDatasets', big);
      expect(refused.status).toBe(413);
      // Closed, not kept: the agent must not send the next request on this socket.
      expect(refused.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
      const next = await post(agent, 'appInfo', Buffer.from('{}'));
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body)).toEqual({ ok: true, value: { method: 'appInfo' } });
    } finally {
      agent.destroy();
    }
  });
});
