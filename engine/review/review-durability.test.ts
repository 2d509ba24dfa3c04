// A decision is committed before its answer: `turnwise serve` answers a decision over HTTP and
// is killed with SIGKILL right after (its engine process then kills itself); the reopened workspace holds the decision event and the
// human label it wrote (docs/ARCHITECTURE.md, quality bars: a killed process loses nothing that was shown as saved).
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startServe, type ServeProcess } from '../../scripts/serve-workspace';
import { Workspace } from '../store/workspace';
import { openReviewWorkspace, type ReviewTestWorkspace } from '../testing/review-test-workspace';

let w: ReviewTestWorkspace;
let server: ServeProcess | undefined;
let itemId: string;
let trajectory: string;

beforeAll(async () => {
  w = await openReviewWorkspace(8);
  trajectory = await w.trajectory('repair-000-s0');
  await w.label(trajectory, 2, 'regression', 'judge:v1@m', 0.8);
  await w.queue({ rules: ['regression_in_success'] });
  const { items } = await w.call('listReviewQueue', {});
  itemId = items[0]?.item_id ?? '';
  expect(items).toHaveLength(1);
  w.close();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  w.cleanup();
});

it('survives kill -9 right after the answer', async () => {
  const db = path.join(w.dir, 'ws.duckdb');
  server = await startServe(db, { timeoutMs: 60_000 });
  const url = new URL(server.url);
  const response = await fetch(`${url.origin}/api/decideReviewItem`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-turnwise-token': url.searchParams.get('token') ?? '',
    },
    body: JSON.stringify({
      item_id: itemId,
      decision: 'relabel',
      label: 'useful_exploration',
      by: 'erin',
      note: 'reads a file',
    }),
  });
  const answer = (await response.json()) as { ok: boolean; value: { status: string } };
  // SIGKILL as soon as the answer is in: no shutdown, no checkpoint.
  const killed = server.process;
  server = undefined;
  const exited = new Promise((resolve) => killed.once('exit', (_code, signal) => resolve(signal)));
  killed.kill('SIGKILL');
  expect(answer).toMatchObject({ ok: true, value: { status: 'relabeled' } });
  expect(await exited).toBe('SIGKILL');
  // The engine process ends with its parent, a moment later; then the file is free to open.
  const reopened = await vi.waitFor(() => Workspace.open(db), { timeout: 10_000, interval: 100 });
  try {
    expect(
      await reopened.query(`SELECT status, decided_label, decided_by, note FROM review_items`),
    ).toEqual([
      {
        status: 'relabeled',
        decided_label: 'useful_exploration',
        decided_by: 'erin',
        note: 'reads a file',
      },
    ]);
    expect(
      await reopened.query(
        `SELECT role_label, source FROM labels_effective WHERE trajectory_id = $1
         AND segment_index = 2 AND segmentation = 'action'`,
        [trajectory],
      ),
    ).toEqual([{ role_label: 'useful_exploration', source: 'human:erin' }]);
    expect(
      await reopened.query(
        `SELECT useful_exploration, regression FROM tw_label_counts WHERE trajectory_id = $1`,
        [trajectory],
      ),
    ).toEqual([{ useful_exploration: 1, regression: 0 }]);
  } finally {
    reopened.close();
  }
}, 120_000);
