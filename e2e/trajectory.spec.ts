// The trajectory view's transcript tools on the demo workspace: per-token heat strips with hover
// values, search within a trajectory, the failure-signal jump, ?turn=N deep links and segment
// markers with role labels after the heuristic labeler has run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, apiAs, appUrl, defined, waitForJob } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface FailureSignal {
  turn_index: number;
  kind: string;
  detail: string;
}

const LOADED = { timeout: 30_000 };

async function sql<T>(text: string): Promise<T[]> {
  return (await apiAs<{ rows: T[] }>('runSql', { sql: text })).rows;
}

async function open(page: Page, id: string, turn?: number) {
  const query = turn === undefined ? '' : `?turn=${turn}`;
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}${query}`));
  await expect(page.getByTestId('turn').first()).toBeVisible(LOADED);
}

test('heat strips of a turn with log-probs show values on hover', async ({ page }) => {
  const [row] = await sql<{ trajectory_id: string; turn_index: number; n: number }>(
    `SELECT trajectory_id, turn_index, len(token_ids)::INTEGER AS n FROM token_logprobs
     ORDER BY trajectory_id, turn_index LIMIT 1`,
  );
  const { trajectory_id: id, turn_index: turn, n } = defined(row, 'a turn with log-probs');
  const logprobs = await api('getTurnLogprobs', { trajectory_id: id, turn_index: turn });
  expect(logprobs.token_ids).toHaveLength(n);
  await open(page, id, turn);
  const card = page.locator(`#turn-${turn}`);
  await card.getByTestId('logprobs-toggle').click();
  const strips = card.getByTestId('logprob-strips');
  await expect(strips.locator('canvas')).toHaveCount(3, LOADED);
  const policy = strips.getByTestId('strip-policy');
  const box = defined(await policy.boundingBox(), 'the strip box');
  // The first token: the left edge of the strip.
  await page.mouse.move(box.x + 0.5, box.y + box.height / 2);
  const readout = strips.getByTestId('strip-readout');
  const first = defined(logprobs.logp_policy[0], 'a first log-prob').toFixed(3);
  await expect(readout).toContainText(`token 0 · id ${logprobs.token_ids[0]} · policy ${first}`);
  await page.mouse.move(box.x + box.width - 0.5, box.y + box.height / 2);
  await expect(readout).toContainText(`id ${logprobs.token_ids[n - 1]}`);
  await page.screenshot({ path: '/tmp/trajectory-heat-strips.png' });
});

test('search within a trajectory moves between matching turns', async ({ page }) => {
  const id = 'demo:repair-003-s1';
  const query = 'run_tests';
  const { turn_indexes: matches } = await api('searchTrajectory', {
    trajectory_id: id,
    query,
  });
  expect(matches.length).toBeGreaterThanOrEqual(2);
  await open(page, id);
  const box = page.getByTestId('trajectory-search');
  await box.fill(query.toUpperCase()); // case-insensitive
  const status = page.getByTestId('search-status');
  await expect(status).toHaveText(`1 of ${matches.length}`, LOADED);
  const at = (i: number) => page.locator(`#turn-${defined(matches[i], 'a match')}`);
  await expect(at(0)).toHaveClass(/tw-active/);
  await expect(at(0)).toBeInViewport();
  await box.press('Enter');
  await expect(status).toHaveText(`2 of ${matches.length}`);
  await expect(at(1)).toHaveClass(/tw-active/);
  await expect(at(1)).toBeInViewport();
  await expect(at(1).locator('mark').first()).toHaveText(query);
  await box.press('Shift+Enter');
  await expect(status).toHaveText(`1 of ${matches.length}`);
  await page.getByRole('button', { name: 'Previous match' }).click();
  await expect(status).toHaveText(`${matches.length} of ${matches.length}`);
  await expect(at(matches.length - 1)).toBeInViewport();
  await page.screenshot({ path: '/tmp/trajectory-search.png' });
});

test('the failure-signal jump goes to an error in a failed trajectory', async ({ page }) => {
  const failed = await sql<{ trajectory_id: string }>(
    `SELECT trajectory_id FROM trajectories WHERE NOT success AND dataset_id = 'demo'
     ORDER BY n_turns DESC, trajectory_id LIMIT 20`,
  );
  let found: { id: string; signals: FailureSignal[] } | undefined;
  for (const { trajectory_id: id } of failed) {
    const { signals } = await api('getFailureSignals', {
      trajectory_id: id,
    });
    if (signals.some((s) => s.kind === 'tool_error' || s.kind === 'test_failure')) {
      found = { id, signals };
      break;
    }
  }
  const { id, signals } = defined(found, 'a failed trajectory with an observed failure');
  await open(page, id);
  const next = page.getByTestId('next-failure');
  await expect(next).toContainText(`(${signals.length})`, LOADED);
  await next.click();
  const first = defined(signals[0], 'a signal');
  const status = page.getByTestId('failure-status');
  await expect(status).toContainText(`turn ${first.turn_index}`);
  await expect(status).toContainText(first.detail);
  const card = page.locator(`#turn-${first.turn_index}`);
  await expect(card).toHaveClass(/tw-active/);
  await expect(card).toBeInViewport();
  if (signals.length > 1) {
    await page.keyboard.press('n');
    const second = defined(signals[1], 'a second signal');
    await expect(status).toContainText(`2/${signals.length} · turn ${second.turn_index}`);
    await expect(page.locator(`#turn-${second.turn_index}`)).toBeInViewport();
  }
  await page.screenshot({ path: '/tmp/trajectory-failure.png' });
});

test('a ?turn=N deep link opens scrolled to that turn', async ({ page }) => {
  const [row] = await sql<{ trajectory_id: string; n_turns: number }>(
    `SELECT trajectory_id, n_turns FROM trajectories WHERE dataset_id = 'demo'
     ORDER BY n_turns DESC, trajectory_id LIMIT 1`,
  );
  const { trajectory_id: id, n_turns: turns } = defined(row, 'a long trajectory');
  const turn = turns - 2;
  await open(page, id, turn);
  await expect(page.locator(`#turn-${turn}`)).toBeInViewport(LOADED);
  await expect(page.locator('#turn-0')).not.toBeInViewport();
  // Changing only the turn of the link on the open page scrolls again.
  await page.evaluate(() => {
    window.location.hash = window.location.hash.replace(/turn=\d+/, 'turn=1');
  });
  await expect(page.locator('#turn-1')).toBeInViewport();
});

test('segment markers show the role label in force after heuristic labeling', async ({ page }) => {
  const job = await waitForJob(await api('startHeuristicLabels', { dataset_id: 'demo' }));
  expect(job.error).toBeNull();
  const id = 'demo:config-004-s1';
  const credit = await api('getTrajectoryCredit', { trajectory_id: id });
  const first = defined(credit.segments[0], 'a segment');
  expect(first.role_label).not.toBeNull();
  await open(page, id);
  const markers = page.getByTestId('segment-marker');
  await expect(markers.first()).toBeVisible(LOADED);
  await expect(markers.first()).toHaveAttribute('data-role-label', String(first.role_label));
  await expect(markers.first().getByTestId('segment-label')).toContainText('heuristic');
  // The marker sits right above its segment's first turn.
  const next = markers.first().locator('xpath=following-sibling::section[1]');
  await expect(next).toHaveAttribute('id', `turn-${first.turn_start}`);
  await page.screenshot({ path: '/tmp/trajectory-markers.png' });
});

test('a 2,000-turn trajectory opens at once, virtualized, and scrolls to far turns', async ({
  page,
}) => {
  test.setTimeout(180_000); // the import of 2,000 turns comes first, on a shared machine
  // Its own dataset, so the demo's counts stay as they are: 1 system + 1 user + 999 call/result pairs
  // of varying lengths (so card heights vary), the last result holding a unique word.
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: 'A long session.' },
    { role: 'user', content: 'Go through every file.' },
  ];
  for (let i = 0; i < 999; i += 1) {
    messages.push({
      role: 'assistant',
      content: `Step ${i}`,
      tool_calls: [
        { id: `c${i}`, type: 'function', function: { name: 'read', arguments: `{"i":${i}}` } },
      ],
    });
    const body = Array.from({ length: 1 + (i % 13) }, (_, line) => `line ${line} of ${i}`);
    if (i === 998) body.push('zanzibar');
    messages.push({ role: 'tool', tool_call_id: `c${i}`, content: body.join('\n') });
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'turnwise-long-')), 'long.jsonl');
  writeFileSync(
    file,
    `${JSON.stringify({ trajectory_id: 'long-1', reward: 1, success: true, messages })}\n`,
  );
  const importing = Date.now();
  const job = await waitForJob(await api('startImport', { paths: [file], dataset: 'long2000' }));
  console.log(`2,000-turn import: ${Date.now() - importing} ms`);
  expect(job.error).toBeNull();
  const id = 'long2000:long-1';

  const started = Date.now();
  await open(page, id);
  console.log(`2,000-turn trajectory: first card after ${Date.now() - started} ms`);
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(page.getByTestId('turn-list')).toHaveAttribute('data-turn-count', '2000');
  expect(await page.getByTestId('turn').count()).toBeLessThan(60);

  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}?turn=1500`));
  await expect(page.locator('#turn-1500')).toBeInViewport(LOADED);
  expect(await page.getByTestId('turn').count()).toBeLessThan(60);

  await page.getByTestId('trajectory-search').fill('zanzibar');
  await expect(page.getByTestId('search-status')).toHaveText('1 of 1', LOADED);
  await expect(page.locator('#turn-1999')).toBeInViewport();
  await expect(page.locator('#turn-1999 mark')).toHaveText('zanzibar');
  await page.screenshot({ path: '/tmp/trajectory-long.png' });
});

test('file views in tool output are coloured as code', async ({ page }) => {
  const [view] = await sql<{ trajectory_id: string; turn_index: number }>(
    `SELECT trajectory_id, turn_index FROM turns
     WHERE role = 'tool' AND trajectory_id LIKE 'demo:%' AND content LIKE '%def %'
       AND regexp_matches(content, '^\\s*1\\s')
     ORDER BY trajectory_id, turn_index LIMIT 1`,
  );
  const target = defined(view, 'a demo file view');
  await open(page, target.trajectory_id, target.turn_index);
  const card = page.locator(`#turn-${target.turn_index}`);
  await expect(card.locator('.tw-code-keyword').first()).toBeVisible();
  expect(await card.locator('.tw-code-keyword').allInnerTexts()).toContain('def');
  await card.screenshot({ path: '/tmp/trajectory-code.png' });
});
