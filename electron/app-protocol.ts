// Serves the built renderer (out/renderer) on app://turnwise/ instead of file://: the pages get a
// real origin for the IPC sender check, absolute asset paths from vite work, and every response
// carries the CSP header. Written against the fetch Request/Response globals, so it runs in tests.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';
import { contentTypeOf } from '../server/content-types';
import { APP_HOST, APP_SCHEME } from './window';

/** Privileges for protocol.registerSchemesAsPrivileged: a standard, secure origin like https. */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  corsEnabled: true,
  codeCache: true,
} as const;

export type AppPathResolution =
  { kind: 'file'; path: string } | { kind: 'forbidden' } | { kind: 'not_found' };

const FORBIDDEN: AppPathResolution = { kind: 'forbidden' };
const NOT_FOUND: AppPathResolution = { kind: 'not_found' };

/** Maps an app:// URL to a file under root, refusing anything that could escape it. */
export function resolveAppPath(root: string, requestUrl: string): AppPathResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return FORBIDDEN;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return NOT_FOUND;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return FORBIDDEN;
  }
  // Decoding can reintroduce what the URL parser normalised away (%2e%2e, %5c, %00).
  if (pathname.includes('\0') || pathname.includes('\\')) return FORBIDDEN;
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment.includes(':'))) {
    return FORBIDDEN;
  }
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const resolvedRoot = path.resolve(root);
  const full = path.resolve(resolvedRoot, relative);
  if (!isInside(resolvedRoot, full)) return FORBIDDEN;
  return { kind: 'file', path: full };
}

function baseHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
}

function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: baseHeaders('text/plain; charset=utf-8') });
}

/** The protocol.handle handler for the app scheme, serving files below root. */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  const resolvedRoot = path.resolve(root);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textResponse(405, 'method not allowed');
    }
    const resolution = resolveAppPath(resolvedRoot, request.url);
    if (resolution.kind === 'forbidden') return textResponse(403, 'forbidden');
    if (resolution.kind === 'not_found') return textResponse(404, 'not found');
    let file: ReadOutcome;
    try {
      file = await readInside(resolvedRoot, resolution.path);
      // Client-side routes (no extension) fall back to the single page.
      if (file === 'missing' && path.extname(resolution.path) === '') {
        file = await readInside(resolvedRoot, path.join(resolvedRoot, 'index.html'));
      }
    } catch (error) {
      console.error('[turnwise] app protocol read failed:', error);
      return textResponse(500, 'internal error');
    }
    if (file === 'missing') return textResponse(404, 'not found');
    if (file === 'outside') return textResponse(403, 'forbidden');
    const body = request.method === 'HEAD' ? null : new Uint8Array(file.data);
    return new Response(body, { status: 200, headers: baseHeaders(contentTypeOf(file.path)) });
  };
}

type ReadOutcome = { path: string; data: Buffer } | 'missing' | 'outside';

/** Reads a regular file, following symlinks only if the real target is still inside root. */
async function readInside(root: string, filePath: string): Promise<ReadOutcome> {
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(filePath)]);
    if (!isInside(realRoot, realFile)) return 'outside';
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return 'missing';
    return { path: realFile, data: await fs.readFile(realFile) };
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
