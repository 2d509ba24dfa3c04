import { expect, test } from '@playwright/test';
import { api, apiAs, appUrl, defined, serverUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface TrajectoryRow {
  trajectory_id: string;
  task_id: string;
  group_id: string;
  n_turns: number;
  success: boolean | null;
}

test('the dataset list shows the demo dataset with its real counts', async ({ page }) => {
  const imported = JSON.parse(process.env.TURNWISE_DEMO_IMPORT ?? '{}') as { trajectories: number };
  expect(imported.trajectories).toBeGreaterThanOrEqual(192);
  await page.goto(appUrl());
  const row = page.getByTestId('dataset-row').filter({ hasText: 'demo' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(String(imported.trajectories));
  await expect(row).toContainText('turnwise');
  // The token leaves the address bar once it is stored.
  await expect.poll(() => new URL(page.url()).searchParams.get('token')).toBeNull();
  await page.screenshot({ path: 'test-results/datasets.png', fullPage: true });
});

test('a trajectory opens by deep link and shows every turn with its role and tool calls', async ({
  page,
}) => {
  const list = await api('listTrajectories', {
    dataset_id: 'demo',
    outcome: 'failure',
    limit: 1,
  });
  const target = defined(list.rows[0], 'a failed demo trajectory');
  const detail = await api('getTrajectory', {
    trajectory_id: target.trajectory_id,
  });
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(target.trajectory_id)}`));
  // The list is virtualized: it knows every turn, and renders those in view.
  await expect(page.getByTestId('turn-list')).toHaveAttribute(
    'data-turn-count',
    String(detail.turns.length),
  );
  await expect(page.getByTestId('turn').first()).toBeVisible();
  await expect(page.getByText(target.trajectory_id).first()).toBeVisible();
  for (const role of new Set(detail.turns.map((turn) => turn.role))) {
    await expect(page.locator(`[data-testid="turn"][data-role="${role}"]`).first()).toBeVisible();
  }
  const firstCall = defined(
    detail.turns.find((turn) => turn.tool_calls.length > 0)?.tool_calls[0],
    'a tool call',
  );
  await expect(
    page.getByTestId('tool-call').filter({ hasText: firstCall.name }).first(),
  ).toBeVisible();
  const userTurn = defined(
    detail.turns.find((turn) => turn.role === 'user'),
    'a user turn',
  );
  await expect(
    page.locator('[data-testid="turn"][data-role="user"]').first().getByTestId('turn-content'),
  ).toContainText(userTurn.content.slice(0, 40));
  await page.screenshot({ path: 'test-results/trajectory.png', fullPage: false });
});

test('navigation: datasets to trajectories to a trajectory, and the group deep link', async ({
  page,
}) => {
  await page.goto(appUrl());
  await page.getByTestId('dataset-row').filter({ hasText: 'demo' }).click();
  const rows = page.getByTestId('trajectory-row');
  await expect(rows.first()).toBeVisible();
  // The id cell shows the id without its dataset prefix; its title is the full id.
  const firstId = (await rows.first().getByRole('gridcell').first().getAttribute('title')) ?? '-';
  await rows.first().click();
  await expect(page).toHaveURL(/#\/trajectory\//);
  await expect(page.getByTestId('turn').first()).toBeVisible();
  expect(decodeURIComponent(page.url())).toContain(firstId);

  const list = await apiAs<{ rows: TrajectoryRow[] }>('listTrajectories', {
    dataset_id: 'demo',
    limit: 1,
  });
  const group = defined(list.rows[0], 'a demo trajectory').group_id;
  const members = await api('listTrajectories', { group_id: group });
  await page.goto(appUrl(`/group/${encodeURIComponent(group)}`));
  await expect(page.getByTestId('trajectory-row')).toHaveCount(Math.min(members.total, 100));
  await expect(page.getByTestId('no-such-group')).toHaveCount(0);

  // A stale group link says there is no such group instead of showing an empty table.
  await page.goto(appUrl(`/group/${encodeURIComponent(`${group}-gone`)}`));
  await expect(page.getByTestId('no-such-group')).toContainText('There is no group with this id');
  await expect(page.getByTestId('trajectory-row')).toHaveCount(0);
});

test('untrusted trajectory content is shown as text, never as HTML', async ({ page }) => {
  const list = await api('listTrajectories', {
    dataset_id: 'hostile',
  });
  expect(list.rows).toHaveLength(1);
  await page.goto(
    appUrl(
      `/trajectory/${encodeURIComponent(defined(list.rows[0], 'the hostile trajectory').trajectory_id)}`,
    ),
  );
  // The turn list shows each payload as text (the labeling panel quotes replies too).
  const turns = page.getByTestId('turn-list');
  await expect(turns.getByText('<img src=x onerror="window.__pwned = 1">')).toBeVisible();
  await expect(turns.getByText('<script>window.__pwned = 2</script>')).toBeVisible();
  expect(await page.locator('[data-testid="turn"] img, [data-testid="turn"] script').count()).toBe(
    0,
  );
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test('themes: the toggle switches between light and dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(appUrl());
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const before = await background();
  await page.getByTestId('theme-toggle').click();
  await expect.poll(background).not.toBe(before);
  await page.screenshot({ path: 'test-results/datasets-dark.png' });
});

test('without the token the API refuses, and the app says so', async ({ page }) => {
  const origin = serverUrl().origin;
  const response = await page.request.post(`${origin}/api/listDatasets`, { data: {} });
  expect(response.status()).toBe(401);
  await page.goto(`${origin}/`);
  await expect(page.getByRole('alert').first()).toContainText(/token/i);
});
