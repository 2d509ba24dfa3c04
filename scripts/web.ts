// `npm run web`: builds the renderer, prepares the demo workspace (or opens --db FILE) and serves
// Turnwise in the browser on 127.0.0.1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEngine } from '../engine/engine';
import { packageRoot, rendererDir } from '../server/paths';
import { startServer } from '../server/server';
import { ensureDemoWorkspace } from './demo-workspace';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    port: { type: 'string', default: '0' },
    'no-build': { type: 'boolean' },
  },
});

if (!values['no-build']) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: packageRoot(),
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dbPath = values.db ? path.resolve(values.db) : await ensureDemoWorkspace();
const engine = await openEngine({ dbPath });
const server = await startServer({ engine, rendererDir: rendererDir(), port: Number(values.port) });
console.log(`Turnwise is serving ${dbPath}`);
console.log(`Open ${server.url}`);
console.log('Press Ctrl+C to stop.');
const stop = async () => {
  await server.close();
  await engine.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
