// Serves the built renderer's files; refuses paths outside its folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { contentTypeOf } from './content-types';

export async function serveStatic(
  root: string,
  pathname: string,
  response: ServerResponse,
  headers: Record<string, string>,
): Promise<void> {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === '/' ? '/index.html' : pathname);
  } catch {
    response
      .writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('broken percent-encoding in the path');
    return;
  }
  const file = path.resolve(root, `.${relative}`);
  if (file !== root && !file.startsWith(root + path.sep)) {
    response.writeHead(403, headers).end('forbidden');
    return;
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    const indexExists = await stat(path.join(root, 'index.html')).catch(() => null);
    if (!indexExists) {
      response
        .writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`The renderer is not built (${root} is missing). Run: npm run build:renderer\n`);
      return;
    }
    response
      .writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('not found');
    return;
  }
  const type = contentTypeOf(file);
  // Hashed assets never change; index.html must always be fresh.
  const cache = relative.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  response.writeHead(200, { ...headers, 'Content-Type': type, 'Cache-Control': cache });
  createReadStream(file).pipe(response);
}
