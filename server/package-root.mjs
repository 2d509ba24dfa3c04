// The folder holding Turnwise's package.json, searched upwards. Plain JavaScript, so the CLI's
// build script (scripts/cli-build.mjs, run by Node without a TypeScript loader, and bundled into
// the launcher in out/cli/) finds the package as the server and the app do (server/paths.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** From `from` (by default this module's folder, or its bundle's) upwards. */
export function packageRoot(from = path.dirname(fileURLToPath(import.meta.url))) {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (name === 'turnwise') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the turnwise package above ${from}`);
    dir = parent;
  }
}
