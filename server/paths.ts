// Locations inside the Turnwise package, found the same way from sources (tsx) and from bundles.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding Turnwise's package.json, searched upwards from this module. */
export function packageRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'turnwise') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the turnwise package above ${from}`);
    dir = parent;
  }
}

/**
 * The built renderer (vite's output). TURNWISE_RENDERER_DIR points elsewhere, so parallel builds
 * (e.g. two test runs) need not share out/renderer.
 */
export function rendererDir(): string {
  const override = process.env.TURNWISE_RENDERER_DIR;
  if (override !== undefined && override !== '') return path.resolve(override);
  return path.join(packageRoot(), 'out', 'renderer');
}
