// The judge evaluation page (#/judge): human labels set through the API, then a prompt version is
// evaluated by judging the suite through a local server speaking the OpenAI chat API (this test
// process runs it; no LLM endpoint is reachable here), then by scoring existing labels; the two
// evaluations are compared side by side.
import { expect, test } from '@playwright/test';
import {
  startOpenAIChatServer,
  type OpenAIChatServer,
} from '../engine/testing/servers/openai-chat-server';
import type { RoleLabel } from '../shared/model';
import { api, apiAs, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface Sql {
  rows: Record<string, string | number | boolean | null>[];
}

const MODEL = 'e2e-eval-judge';
const SOURCE = `judge:triage-judge/1@${MODEL}`;
const LOADED = { timeout: 30_000 };

let server: OpenAIChatServer;
test.beforeAll(async () => {
  server = await startOpenAIChatServer();
});
test.afterAll(async () => {
  await server.close();
});

/** The last demo trajectory (by id) with this outcome. */
async function lastTrajectory(success: boolean): Promise<string> {
  const { rows } = await apiAs<Sql>('runSql', {
    sql: `SELECT trajectory_id FROM trajectories WHERE dataset_id = 'demo' AND success = ${success}
          AND n_actions >= 3 ORDER BY trajectory_id DESC LIMIT 1`,
  });
  return String(defined(rows[0], 'a demo trajectory').trajectory_id);
}

async function label(trajectory: string, roles: RoleLabel[]): Promise<void> {
  for (const [segment_index, role_label] of roles.entries()) {
    await api('setLabel', {
      trajectory_id: trajectory,
      segment_index,
      role_label,
      annotator: 'e2e-eval',
    });
  }
}

/** Accuracy of the judge's labels against the newest human label, computed here in SQL. */
async function expectedAccuracy(): Promise<{ n: number; accuracy: number }> {
  const { rows } = await apiAs<Sql>('runSql', {
    sql: `WITH h AS (SELECT trajectory_id, segment_index, role_label FROM labels
            WHERE source LIKE 'human:%' AND segmentation = 'action'
            QUALIFY row_number() OVER (PARTITION BY trajectory_id, segment_index
                                       ORDER BY created_at DESC) = 1),
          j AS (SELECT trajectory_id, segment_index, role_label FROM labels
            WHERE source = '${SOURCE}' AND segmentation = 'action'
            QUALIFY row_number() OVER (PARTITION BY trajectory_id, segment_index
                                       ORDER BY created_at DESC) = 1)
          SELECT count(*) AS n, count(*) FILTER (WHERE h.role_label = j.role_label) AS agree
          FROM h JOIN j USING (trajectory_id, segment_index)`,
  });
  const row = defined(rows[0], 'a count');
  return { n: Number(row.n), accuracy: Number(row.agree) / Number(row.n) };
}

test('a prompt version is evaluated against human labels and two evaluations are compared', async ({
  page,
}) => {
  const success = await lastTrajectory(true);
  const failure = await lastTrajectory(false);
  await label(success, ['regression', 'useful_exploration', 'decisive_progress']);
  await label(failure, ['useful_exploration', 'regression', 'no_progress_infrastructure']);

  await page.goto(appUrl('/judge'));
  await expect(page.getByRole('link', { name: 'Judge eval' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByText('Judge the unjudged suite segments first').click();
  await page.getByTestId('eval-endpoint').fill(server.baseUrl);
  await page.getByTestId('eval-model').fill(MODEL);
  await page.getByTestId('eval-start').click();

  const result = page.getByTestId('eval-result');
  await expect(result).toContainText(`${MODEL} · action segments`, LOADED);
  expect(server.requests.length).toBeGreaterThanOrEqual(6);
  // The page's numbers are the ones computed independently from the labels.
  const expected = await expectedAccuracy();
  expect(expected.n).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId('eval-card-accuracy')).toContainText(expected.accuracy.toFixed(3));
  await expect(page.getByTestId('eval-card-accuracy')).toContainText(`${expected.n} segments`);
  await expect(result).toContainText('0 without a label from this version');
  await expect(page.getByTestId('eval-per-role-regression')).toBeVisible();
  await expect(page.getByTestId('eval-confusion').locator('canvas').first()).toBeVisible();

  // Scoring existing labels asks the endpoint nothing.
  server.reset();
  await page.getByText('Score existing labels').click();
  await page.getByTestId('eval-model').fill(MODEL);
  await page.getByTestId('eval-start').click();
  const comparison = page.getByTestId('eval-comparison');
  await expect(comparison).toBeVisible(LOADED);
  expect(server.requests).toHaveLength(0);
  // The same labels scored twice: every difference is zero.
  await expect(comparison.getByRole('row', { name: /^Accuracy vs human labels/ })).toContainText(
    '±0.000',
  );
  const evals = await api('listJudgeEvals', {});
  expect(evals.evals.length).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: 'test-results/judge-eval.png' });
  await comparison.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/judge-eval-comparison.png' });
});
