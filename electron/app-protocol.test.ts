import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../shared/csp';
import { createAppProtocolHandler, resolveAppPath } from './app-protocol';
import { contentTypeOf } from '../server/content-types';

let base: string;
let root: string;

beforeAll(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'turnwise-protocol-'));
  root = path.join(base, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(base, 'secret.txt'), 'outside the root');
  symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') =>
  createAppProtocolHandler(root)(new Request(url, { method }));

describe('resolveAppPath', () => {
  it('maps the origin root to index.html and assets below the root', () => {
    expect(resolveAppPath(root, 'app://turnwise/')).toEqual({
      kind: 'file',
      path: path.join(root, 'index.html'),
    });
    expect(resolveAppPath(root, 'app://turnwise/assets/index-abc.js?v=1#x')).toEqual({
      kind: 'file',
      path: path.join(root, 'assets', 'index-abc.js'),
    });
  });

  it('keeps dot segments the URL parser resolves inside the root', () => {
    // WHATWG URL parsing treats %2e%2e as '..' and clamps it at the origin root.
    for (const url of [
      'app://turnwise/%2e%2e/secret.txt',
      'app://turnwise/a/%2E%2E/../secret.txt',
    ]) {
      expect(resolveAppPath(root, url)).toEqual({
        kind: 'file',
        path: path.join(root, 'secret.txt'),
      });
    }
  });

  it.each([
    'app://turnwise/..%2fsecret.txt',
    'app://turnwise/assets/..%2F..%2Fsecret.txt',
    'app://turnwise/..%5csecret.txt',
    'app://turnwise/assets%5c..%5c..%5csecret.txt',
    'app://turnwise/index.html%00.js',
    'app://turnwise/C:%5cWindows%5cwin.ini',
    'app://turnwise/%E0%A4%A',
  ])('refuses traversal: %s', (url) => {
    expect(resolveAppPath(root, url)).toEqual({ kind: 'forbidden' });
  });

  it('does not serve other hosts or schemes', () => {
    expect(resolveAppPath(root, 'app://elsewhere/index.html')).toEqual({ kind: 'not_found' });
    expect(resolveAppPath(root, 'https://turnwise/index.html')).toEqual({ kind: 'not_found' });
  });
});

describe('createAppProtocolHandler', () => {
  it('serves files with their type and the CSP header', async () => {
    const page = await get('app://turnwise/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('id="root"');

    const script = await get('app://turnwise/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers 403 for traversal, including through a symlink out of the root', async () => {
    expect((await get('app://turnwise/..%2fsecret.txt')).status).toBe(403);
    expect((await get('app://turnwise/%2e%2e/secret.txt')).status).toBe(404);
    const viaLink = await get('app://turnwise/assets/link.txt');
    expect(viaLink.status).toBe(403);
    expect(await viaLink.text()).not.toContain('outside');
  });

  it('falls back to the page for client routes, 404 for missing files', async () => {
    const route = await get('app://turnwise/trajectories/abc');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('id="root"');
    expect((await get('app://turnwise/assets/missing.js')).status).toBe(404);
    // A directory is never listed: it is treated as a client route.
    expect(await (await get('app://turnwise/assets')).text()).toContain('id="root"');
  });

  it('refuses writes and answers HEAD without a body', async () => {
    expect((await get('app://turnwise/index.html', 'POST')).status).toBe(405);
    const head = await get('app://turnwise/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('knows the usual content types', () => {
    expect(contentTypeOf('a/b.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a/b.wasm')).toBe('application/wasm');
    expect(contentTypeOf('a/b.unknown')).toBe('application/octet-stream');
  });
});
