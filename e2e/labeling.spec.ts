// Step labels by keyboard in the trajectory view (saved at once, persisted across a reload and
// in force in labels_effective), and the heuristic rule set run from the dataset page.
import { expect, test, type Page } from '@playwright/test';
import { api, apiAs, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface Sql {
  rows: Record<string, string | number | null>[];
}

const TRAJECTORY = 'demo:repair-012-s3';
const OTHER = 'demo:repair-012-s4';
// The page loads the trajectory and its side panels together; give a busy machine time.
const LOADED = { timeout: 30_000 };
const RATIONALE = 'reran the tests without changing anything';

const rows = (page: Page) => page.getByTestId('segment-row');

test('labels set with the keyboard are saved at once and persist', async ({ page }) => {
  const detail = await api('getTrajectory', {
    trajectory_id: TRAJECTORY,
  });
  expect(detail.trajectory.n_actions).toBeGreaterThanOrEqual(2);
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(TRAJECTORY)}`));
  const panel = page.getByTestId('labeling-panel');
  await expect(rows(page)).toHaveCount(detail.trajectory.n_actions, LOADED);

  await page.keyboard.press('j');
  await expect(rows(page).nth(0)).toHaveAttribute('aria-current', 'step');
  // The selected segment's turns are outlined and scrolled into view.
  const firstTurn = page.locator('#turn-2');
  await expect(firstTurn).toBeInViewport();
  await expect(firstTurn).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('1');
  await page.keyboard.press('j');
  await page.keyboard.press('4');
  await expect(rows(page).nth(0)).toHaveAttribute('data-role-label', 'decisive_progress');
  await expect(rows(page).nth(1)).toHaveAttribute('data-role-label', 'regression');

  await page.keyboard.press('r');
  const box = panel.getByTestId('rationale-input');
  await expect(box).toBeFocused();
  await box.pressSequentially(RATIONALE); // j, k and digits in it are text, not commands
  await box.press('Enter');
  await expect(box).not.toBeFocused();
  await expect(panel.getByTestId('label-in-force')).toContainText(RATIONALE);
  await expect(panel.locator('[data-pending="true"]')).toHaveCount(0);
  await expect(panel.getByTestId('labeled-count')).toContainText('2/');
  await page.screenshot({ path: 'test-results/labeling-panel.png' });

  await page.reload();
  await expect(rows(page).nth(0)).toHaveAttribute('data-role-label', 'decisive_progress', LOADED);
  await expect(rows(page).nth(0)).toHaveAttribute('data-source', 'human:local');
  await expect(rows(page).nth(1)).toHaveAttribute('data-role-label', 'regression');
  await expect(rows(page).nth(1)).toHaveAttribute('data-source', 'human:local');
  await rows(page).nth(1).click();
  await expect(panel.getByTestId('label-in-force')).toContainText(
    'In force: Regression from human:local',
  );
  await expect(panel.getByTestId('label-in-force')).toContainText(RATIONALE);

  const effective = await apiAs<Sql>('runSql', {
    sql: `SELECT segment_index, role_label, source, rationale FROM labels_effective
          WHERE trajectory_id = '${TRAJECTORY}' AND segmentation = 'action'
            AND segment_index IN (0, 1) ORDER BY segment_index`,
  });
  expect(effective.rows).toEqual([
    { segment_index: 0, role_label: 'decisive_progress', source: 'human:local', rationale: null },
    { segment_index: 1, role_label: 'regression', source: 'human:local', rationale: RATIONALE },
  ]);
});

test('the heuristic rule set runs from the dataset page; human labels stay in force', async ({
  page,
}) => {
  const [actions] = (
    await apiAs<Sql>('runSql', {
      sql: `SELECT sum(n_actions) AS n FROM trajectories WHERE dataset_id = 'demo'`,
    })
  ).rows;
  const segments = Number(defined(actions?.n, 'the demo action count'));
  await api('setLabel', {
    trajectory_id: OTHER,
    segment_index: 1,
    role_label: 'regression',
    annotator: 'e2e',
  });
  await page.goto(appUrl('/dataset/demo'));
  await page.getByTestId('heuristic-labels-start').click();
  const status = page.getByTestId('heuristic-labels-status');
  await expect(status).toContainText(
    `Labeled ${segments.toLocaleString('en-US')} segments of 192 trajectories as heuristic:triage-rules/1`,
    LOADED,
  );
  // The page's counts follow the job without a reload.
  await expect(page.getByTestId('credit-agreement')).toContainText(
    `Credit signals on ${segments} labeled segments`,
  );
  const stored = await apiAs<Sql>('runSql', {
    sql: `SELECT count(*) AS n FROM labels
          WHERE source = 'heuristic:triage-rules/1' AND trajectory_id LIKE 'demo:%'`,
  });
  expect(stored.rows).toEqual([{ n: segments }]);
  const inForce = await apiAs<Sql>('runSql', {
    sql: `SELECT segment_index, source FROM labels_effective
          WHERE trajectory_id = '${OTHER}' AND segmentation = 'action' ORDER BY segment_index`,
  });
  expect(inForce.rows.length).toBeGreaterThanOrEqual(2);
  expect(inForce.rows.map((r) => r.source)).toEqual(
    inForce.rows.map((_, i) => (i === 1 ? 'human:e2e' : 'heuristic:triage-rules/1')),
  );

  await page.goto(appUrl(`/trajectory/${encodeURIComponent(OTHER)}`));
  await expect(rows(page).nth(0)).toHaveAttribute(
    'data-source',
    'heuristic:triage-rules/1',
    LOADED,
  );
  await expect(rows(page).nth(1)).toHaveAttribute('data-source', 'human:e2e');
  await expect(rows(page).nth(0).getByTestId('label-chip')).toHaveAttribute(
    'title',
    /^heuristic:triage-rules\/1: \w+: /,
  );
});
