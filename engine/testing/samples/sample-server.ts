// A local stand-in for raw.githubusercontent.com in tests: serves given bytes under the same URL
// layout (/<owner>/<name>/<commit>/<path>) on 127.0.0.1 and records every request.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SampleManifest, upstreamUrl } from './manifest';

export interface SampleServer {
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

/** The URL path an entry is fetched from, relative to the base URL. */
export function upstreamRoute(manifest: SampleManifest, file: string): string {
  const entry = manifest.files.find((e) => e.path === file);
  if (!entry) throw new Error(`${file} is not in the manifest`);
  return upstreamUrl('', entry);
}

/** Serves `routes` (URL path -> bytes); anything else is a 404. */
export async function startSampleServer(routes: Map<string, Buffer>): Promise<SampleServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const route = req.url ?? '';
    requests.push(route);
    const body = routes.get(route);
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('404: Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Routes serving each manifest file as `read(path)` returns it; a derived entry is served
 * `upstreamOf(path)` instead (its upstream file is not among the samples).
 */
export function sampleRoutes(
  manifest: SampleManifest,
  read: (file: string) => Buffer,
  upstreamOf: (file: string) => Buffer,
): Map<string, Buffer> {
  return new Map(
    manifest.files.map((entry) => [
      upstreamUrl('', entry),
      entry.derived ? upstreamOf(entry.path) : read(entry.path),
    ]),
  );
}
