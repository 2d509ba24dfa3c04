// The LLM judge from the dataset page, against a local server speaking the OpenAI chat API that
// this test process runs (no LLM endpoint is reachable here); `turnwise serve` calls it.
import { expect, test, type Page } from '@playwright/test';
import {
  startOpenAIChatServer,
  triageReply,
  type OpenAIChatServer,
} from '../engine/testing/servers/openai-chat-server';
import { apiAs, appUrl } from './api';
import { DEFAULT_JUDGE_CONCURRENCY } from '../shared/api-judge';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

interface Sql {
  rows: Record<string, number | string>[];
}

let server: OpenAIChatServer;
test.beforeAll(async () => {
  server = await startOpenAIChatServer({ latencyMs: 20 });
});
test.afterAll(async () => {
  await server.close();
});

async function openJudge(page: Page, model: string) {
  await page.goto(appUrl('/dataset/demo'));
  await page.getByTestId('judge-open').click();
  await page.getByTestId('judge-endpoint').fill(server.baseUrl);
  await page.getByTestId('judge-model').fill(model);
}

test('the judge labels a few demo trajectories and a re-run is answered from the cache', async ({
  page,
}) => {
  const [first] = (
    await apiAs<Sql>('runSql', {
      sql: `SELECT sum(n_actions) AS n FROM (SELECT n_actions FROM trajectories
            WHERE dataset_id = 'demo' ORDER BY trajectory_id LIMIT 3)`,
    })
  ).rows;
  const segments = Number(first?.n);
  expect(segments).toBeGreaterThan(3);

  await openJudge(page, 'e2e-judge');
  await page.getByTestId('judge-concurrency').fill('2');
  await page.getByTestId('judge-limit').fill('3');
  await page.getByTestId('judge-start').click();
  const summary = page.getByTestId('judge-summary');
  await expect(summary).toContainText(
    `Judged ${segments} segments as judge:triage-judge/1@e2e-judge`,
  );
  await expect(summary).toContainText(`Labels written${segments}`);
  expect(server.requests).toHaveLength(segments);
  expect(server.maxInFlight).toBeLessThanOrEqual(2);
  // The judge never sees the outcome.
  for (const request of server.requests) {
    expect(request.user).not.toMatch(/step_roles|failure_step|"reward"|checks_passed/);
  }

  const labels = await apiAs<Sql>('runSql', {
    sql: `SELECT count(*) AS n, count(DISTINCT trajectory_id) AS t, min(source) AS source
          FROM labels WHERE source LIKE 'judge:%@e2e-judge'`,
  });
  expect(labels.rows).toEqual([{ n: segments, t: 3, source: 'judge:triage-judge/1@e2e-judge' }]);

  server.reset();
  await page.getByRole('button', { name: 'New run' }).click();
  await page.getByTestId('judge-start').click();
  await expect(summary).toContainText(`From cache${segments}`);
  await expect(summary).toContainText('Labels written0');
  expect(server.requests).toHaveLength(0);
});

test('the judge runs on an OpenAI reasoning model that refuses temperature and bounds', async ({
  page,
}) => {
  const openai = await startOpenAIChatServer({
    profile: 'openai',
    refusesTemperature: true,
    refusesSchemaBounds: true,
  });
  try {
    await page.goto(appUrl('/dataset/demo'));
    await page.getByTestId('judge-open').click();
    await page.getByTestId('judge-endpoint').fill(openai.baseUrl);
    await page.getByTestId('judge-model').fill('e2e-o-judge');
    await page.getByTestId('judge-server').locator('..').click();
    await page.getByRole('option', { name: 'OpenAI', exact: true }).click();
    await page.getByTestId('judge-limit').fill('1');
    await page.getByTestId('judge-start').click();
    const summary = page.getByTestId('judge-summary');
    await expect(summary).toContainText(
      /Judged \d+ segments as judge:triage-judge\/1@e2e-o-judge on OpenAI/,
    );
    await expect(summary).toContainText('Failed0');
    // Requests sent before the first refusal came back carry temperature 0, and each is refused
    // and sent again without it. Sent side by side, some may reach the server after the first
    // resend, but at most one per other segment in flight then; the last request has none.
    const temperatures = openai.requests.map((r) => r.body.temperature);
    expect(temperatures[0]).toBe(0);
    const learned = temperatures.indexOf(undefined);
    expect(learned).toBeGreaterThan(0);
    const late = temperatures.slice(learned).filter((t) => t !== undefined);
    expect(late.length).toBeLessThan(DEFAULT_JUDGE_CONCURRENCY);
    expect(temperatures.at(-1)).toBeUndefined();
  } finally {
    await openai.close();
  }
});

test('a judge run is cancelled from the dialog and keeps what it wrote', async ({ page }) => {
  server.reset();
  server.setReply((request, index) => (index < 3 ? triageReply(request, index) : { hang: true }));
  try {
    await openJudge(page, 'e2e-cancel');
    await page.getByTestId('judge-concurrency').fill('2');
    await page.getByTestId('judge-limit').fill('');
    await page.getByTestId('judge-start').click();
    await expect(page.getByTestId('judge-progress')).toContainText('3 labeled');
    await page.getByTestId('judge-cancel').click();
    await expect(page.getByRole('dialog').getByTestId('error-alert')).toContainText(
      'judge cancelled; 3 labels written before it are kept',
    );
    await expect(page.getByTestId('judge-summary')).toContainText('Labels written3');
    const kept = await apiAs<Sql>('runSql', {
      sql: `SELECT count(*) AS n FROM labels WHERE source LIKE 'judge:%@e2e-cancel'`,
    });
    expect(kept.rows).toEqual([{ n: 3 }]);
  } finally {
    server.setReply(triageReply);
  }
});
