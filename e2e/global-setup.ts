// Builds the template workspace from the committed demo data with `turnwise import`, as a user
// would, once per run. Each spec file serves a copy of its own (demo-workspace.ts); the template's
// path is passed on to the workers in TURNWISE_E2E_TEMPLATE.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSamples } from '../engine/testing/samples/ensure-samples';
import { TEMPLATE_ENV } from './demo-workspace';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'bin', 'turnwise.js');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const renderer = process.env.TURNWISE_RENDERER_DIR || path.join(root, 'out', 'renderer');
  if (!existsSync(path.join(renderer, 'index.html'))) {
    throw new Error('The renderer is not built; run npm run build:renderer first');
  }
  // The real samples import.spec.ts reads, fetched into the cache if need be (README.md, Tests).
  await ensureSamples({ log: (line) => console.log(line) });
  const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-e2e-'));
  const db = path.join(dir, 'e2e.duckdb');
  const demo = path.join(root, 'datasets', 'demo', 'demo.jsonl');
  const imported = spawnSync(
    process.execPath,
    [cli, 'import', demo, '--db', db, '--dataset', 'demo', '--json'],
    {
      encoding: 'utf8',
    },
  );
  if (imported.status !== 0) throw new Error(`demo import failed: ${imported.stderr}`);
  process.env.TURNWISE_DEMO_IMPORT = imported.stdout.trim();
  // A second dataset of hostile content, to prove the UI renders trajectory text as text.
  const hostile = path.join(dir, 'hostile.jsonl');
  writeFileSync(
    hostile,
    JSON.stringify({
      trajectory_id: 'xss-1',
      task_id: 'xss',
      messages: [
        { role: 'user', content: '<img src=x onerror="window.__pwned = 1">' },
        { role: 'assistant', content: '<script>window.__pwned = 2</script>' },
      ],
    }) + '\n',
  );
  const second = spawnSync(process.execPath, [cli, 'import', hostile, '--db', db], {
    encoding: 'utf8',
  });
  if (second.status !== 0) throw new Error(`hostile import failed: ${second.stderr}`);

  // Both imports have exited, so the file is closed and checkpointed: the workers copy it as is.
  process.env[TEMPLATE_ENV] = db;

  return async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
