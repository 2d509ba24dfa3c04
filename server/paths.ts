// Locations inside the Turnwise package, found the same way from sources (tsx) and from bundles.
import path from 'node:path';
import { packageRoot } from './package-root.mjs';

export { packageRoot };

/**
 * The built renderer (vite's output). TURNWISE_RENDERER_DIR points elsewhere, so parallel builds
 * (e.g. two test runs) need not share out/renderer.
 */
export function rendererDir(): string {
  const override = process.env.TURNWISE_RENDERER_DIR;
  if (override !== undefined && override !== '') return path.resolve(override);
  return path.join(packageRoot(), 'out', 'renderer');
}
