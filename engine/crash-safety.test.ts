// Crash safety (docs/ARCHITECTURE.md, quality bars): a child process (crash-child.ts) imports, labels, decides review items
// or exports in a loop and is killed with SIGKILL at a random (seeded) moment, over and over on the
// same growing workspace. After every kill the workspace must open, show no half-imported
// dataset, hold every label and decision the child acknowledged, and no export folder may carry
// its final name unless it is complete. TURNWISE_CRASH_SEED replays a run's kill delays.
// The child is bundled once with esbuild and run by plain node: 80 starts through tsx cost more
// than the 3 minutes this file may take on a busy 2-core machine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, type ManifestFile } from './export/manifest';
import { sha256 } from './testing/export-test-workspace';
import { runImport } from './import/run-import';
import { Workspace } from './store/workspace';
import { tempDir } from './testing/test-support';
import { seededRandom } from '../shared/seeded-random';

type Row = Record<string, unknown>;
type Mode = 'import' | 'label' | 'review' | 'export';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHILD_SOURCE = path.join(import.meta.dirname, 'crash-child.ts');
// Inside the repository, so the bundle's bare imports (zod, @duckdb/node-api) resolve.
const CHILD = path.join(
  ROOT,
  'node_modules/.cache/turnwise-crash',
  `child-${randomBytes(4).toString('hex')}.mjs`,
);
const DEMO = path.join(ROOT, 'datasets/demo/demo.jsonl');
const KILLS = Number(process.env.TURNWISE_CRASH_KILLS ?? 20);
const SEED = Number(process.env.TURNWISE_CRASH_SEED ?? 20260808);
/** The longest wait after the child's first ack before the kill, per mode (a few writes' worth). */
const MAX_DELAY_MS: Record<Mode, number> = { import: 1000, label: 500, review: 700, export: 2000 };

interface Round {
  acks: Row[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the child until `delayMs` after its first ack, kills it with SIGKILL, returns its acks. */
function killedRound(mode: Mode, dir: string, round: number, delayMs: number): Promise<Round> {
  const child = spawn(
    process.execPath,
    [CHILD, mode, path.join(dir, 'ws.duckdb'), dir, String(round)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const acks: Row[] = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
    const lines = stdout.split('\n');
    stdout = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('ack ')) continue;
      acks.push(JSON.parse(line.slice(4)) as Row);
      if (acks.length === 1) setTimeout(() => child.kill('SIGKILL'), delayMs);
    }
  });
  // 'close' comes after stdout has ended: every ack written before the kill has been read.
  return new Promise((resolve) =>
    child.once('close', (_code, signal) => resolve({ acks, signal, stderr })),
  );
}

let root: { dir: string; cleanup: () => void };
let referenceTurns = 0;
const sourceLines = readFileSync(DEMO, 'utf8')
  .split('\n')
  .filter((line) => line !== '').length;

beforeAll(async () => {
  await build({
    entryPoints: [CHILD_SOURCE],
    outfile: CHILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  root = tempDir('turnwise-crash-');
  const base = path.join(root.dir, 'base.duckdb');
  const workspace = await Workspace.open(base);
  await runImport(
    workspace,
    { paths: [DEMO], format: 'auto', onError: 'abort' },
    () => {},
    new AbortController().signal,
  );
  const [row] = await workspace.query(`SELECT count(*)::INTEGER AS n FROM tw_turns`);
  referenceTurns = Number(row?.n);
  workspace.close();
  for (const mode of ['import', 'label', 'review', 'export'] as const) {
    const dir = path.join(root.dir, mode);
    mkdirSync(path.join(dir, 'exports'), { recursive: true });
    copyFileSync(base, path.join(dir, 'ws.duckdb'));
    copyFileSync(DEMO, path.join(dir, 'source.jsonl'));
  }
}, 60_000);
afterAll(() => {
  root.cleanup();
  rmSync(CHILD, { force: true });
});

async function checkImport(workspace: Workspace, acked: Set<string>): Promise<void> {
  const datasets = await workspace.query(
    `WITH per_trajectory AS (
       SELECT t.dataset_id, count(u.turn_index) AS turns FROM tw_trajectories t
       LEFT JOIN tw_turns u USING (trajectory_id) GROUP BY t.dataset_id, t.trajectory_id)
     SELECT d.name, count(p.dataset_id)::INTEGER AS n, coalesce(sum(p.turns), 0)::INTEGER AS turns
     FROM datasets d LEFT JOIN per_trajectory p USING (dataset_id) GROUP BY d.name`,
  );
  for (const row of datasets) {
    expect({ name: row.name, n: row.n, turns: row.turns }).toEqual({
      name: row.name,
      n: sourceLines,
      turns: referenceTurns,
    });
  }
  const names = new Set(datasets.map((row) => String(row.name)));
  for (const name of acked) expect(names.has(name), `acknowledged dataset ${name}`).toBe(true);
  const [orphans] = await workspace.query(
    `SELECT (SELECT count(*) FROM tw_trajectories
             WHERE dataset_id NOT IN (SELECT dataset_id FROM tw_datasets))::INTEGER AS trajectories,
            (SELECT count(*) FROM tw_turns
             WHERE trajectory_id NOT IN (SELECT trajectory_id FROM tw_trajectories))::INTEGER AS turns`,
  );
  expect(orphans).toEqual({ trajectories: 0, turns: 0 });
}

async function checkLabels(workspace: Workspace, acked: Row[]): Promise<void> {
  const rows = await workspace.query(
    `SELECT label_id, role_label FROM tw_labels WHERE source = 'human:crash-child'`,
  );
  const stored = new Map(rows.map((row) => [String(row.label_id), row.role_label]));
  for (const label of acked) expect(stored.get(String(label.label_id))).toBe(label.role_label);
}

async function checkReview(workspace: Workspace, acked: Row[]): Promise<void> {
  const items = await workspace.query(
    `SELECT r.item_id, r.status, r.decided_label, l.role_label AS label, l.source
     FROM review_items r LEFT JOIN labels_effective l
       ON l.trajectory_id = r.trajectory_id AND l.segment_index = r.segment_index
      AND l.segmentation = r.segmentation`,
  );
  const stored = new Map(items.map((row) => [String(row.item_id), row]));
  for (const decision of acked) {
    const item = stored.get(String(decision.item_id));
    expect(item, `decision on ${String(decision.item_id)}`).toMatchObject({
      status: decision.status,
      decided_label: decision.decided_label,
    });
    if (decision.status === 'relabeled') {
      expect(item).toMatchObject({ label: decision.decided_label, source: 'human:crash-child' });
    }
  }
}

/** Every folder with a final name is complete: the manifest's files, sizes and hashes match. */
function checkExports(exportsDir: string, acked: Set<string>): { complete: number; temp: number } {
  let complete = 0;
  let temp = 0;
  for (const name of readdirSync(exportsDir)) {
    if (/\.tmp-[0-9a-f]+$/.test(name)) {
      temp += 1;
      continue;
    }
    const dir = path.join(exportsDir, name);
    const manifestPath = path.join(dir, MANIFEST_FILE);
    expect(existsSync(manifestPath), `${name} has a manifest`).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: ManifestFile[] };
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const file of manifest.files) {
      const written = path.join(dir, file.path);
      expect(existsSync(written), `${name}/${file.path}`).toBe(true);
      expect({ bytes: readFileSync(written).length, sha256: sha256(written) }).toEqual({
        bytes: file.bytes,
        sha256: file.sha256,
      });
    }
    expect(readdirSync(dir).sort()).toEqual(
      [MANIFEST_FILE, ...manifest.files.map((file) => file.path)].sort(),
    );
    complete += 1;
  }
  for (const out of acked) expect(existsSync(out), `acknowledged export ${out}`).toBe(true);
  return { complete, temp };
}

describe(`crash safety under SIGKILL (seed ${SEED})`, () => {
  const modes: Mode[] = ['import', 'label', 'review', 'export'];
  it.concurrent.each(modes)(
    '%s: every kill leaves a workspace that opens whole',
    async (mode) => {
      const random = seededRandom(SEED + modes.indexOf(mode));
      const dir = path.join(root.dir, mode);
      const ackedNames = new Set<string>();
      const ackedRows: Row[] = [];
      for (let round = 0; round < KILLS; round += 1) {
        const delay = Math.floor(random() * MAX_DELAY_MS[mode]);
        const result = await killedRound(mode, dir, round, delay);
        expect(result.signal, `round ${round} (delay ${delay} ms): ${result.stderr}`).toBe(
          'SIGKILL',
        );
        ackedRows.push(...result.acks);
        for (const row of result.acks) {
          if (typeof row.dataset === 'string') ackedNames.add(row.dataset);
          if (typeof row.out_dir === 'string') ackedNames.add(row.out_dir);
        }
        const workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
        try {
          if (mode === 'import') await checkImport(workspace, ackedNames);
          if (mode === 'label') await checkLabels(workspace, ackedRows);
          if (mode === 'review') await checkReview(workspace, ackedRows);
        } finally {
          workspace.close();
        }
        if (mode === 'export') checkExports(path.join(dir, 'exports'), ackedNames);
      }
      // The kills fell among the writes, not before the first one.
      expect(ackedRows.length).toBeGreaterThan(KILLS);
    },
    175_000,
  );
});
