import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainBody } from './drain-body';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Posts `bytes` bytes in 64 KB writes to a server that drains up to `limit` and reports it. */
async function post(bytes: number, limit: number): Promise<{ drained: boolean; status: number }> {
  let drained: boolean | undefined;
  server = createServer((req, res) => {
    void drainBody(req, limit).then((done) => {
      drained = done;
      res.statusCode = 413;
      res.setHeader('Connection', 'close');
      res.end('refused');
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let left = bytes;
    const write = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
  return { drained: drained ?? false, status };
}

describe('drainBody', () => {
  it('reads a refused body to its end, so the client gets the answer', async () => {
    expect(await post(4 * 2 ** 20, 8 * 2 ** 20)).toEqual({ drained: true, status: 413 });
  });

  it('stops past its bound', async () => {
    const result = await post(4 * 2 ** 20, 2 ** 20).catch((error: NodeJS.ErrnoException) => ({
      drained: false,
      status: error.code ?? 'error',
    }));
    expect(result.drained).toBe(false);
  });
});
