// The review screen by keyboard only (docs/review.md): the queue filled by its rules over the
// demo workspace (heuristic labels and credit first), three items decided with a, 1-4 and r (with
// a note), the events and human labels checked through the API, each rule's precision updated,
// decided items gone from "pending", an undo, a rule filter, and a refill with a lower threshold.
import { expect, test } from '@playwright/test';
import type { JobState } from '../shared/api';
import type { ReviewQueueItem, ReviewRule, ReviewRuleStats } from '../shared/api-review';
import { api, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const SHOTS = process.env.TURNWISE_SHOTS ?? 'test-results/review';
const REVIEWER = 'e2e-reviewer';
const LOADED = { timeout: 30_000 };
const NOTE = 'the step only reran the tests';

async function finished(job: JobState): Promise<JobState> {
  let state = job;
  while (state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    state = await api('getJob', { job_id: state.job_id });
  }
  expect(state.error).toBeNull();
  return state;
}

async function ruleStats(rule: ReviewRule): Promise<ReviewRuleStats> {
  const { rules } = await api('getReviewRuleStats', {});
  return defined(
    rules.find((row) => row.rule === rule),
    `stats of ${rule}`,
  );
}

async function humanLabel(item: ReviewQueueItem) {
  const segments = await api('getSegments', {
    trajectory_id: item.trajectory_id,
    segmentation: item.segmentation,
  });
  return segments.segments.find((s) => s.segment_index === item.segment_index)?.label ?? null;
}

test('three queue items are decided by keyboard, one is undone, and the queue filters by rule', async ({
  page,
}) => {
  test.setTimeout(180_000); // many steps, each waiting on the engine, on a 2-core machine
  await finished(await api('startHeuristicLabels', { dataset_id: 'demo' }));
  await finished(await api('startCredit', { dataset_id: 'demo' }));
  await finished(await api('startReviewQueue', { dataset_id: 'demo' }));
  const pending = await api('listReviewQueue', { status: 'pending' });
  // Three items with a proposal to approve and with a segment (the first three the screen shows).
  expect(pending.items.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = pending.items as [
    ReviewQueueItem,
    ReviewQueueItem,
    ReviewQueueItem,
  ];
  const firstProposed = defined(first.proposed, 'a proposal on the first item');
  const relabelKey = second.proposed === 'no_progress_infrastructure' ? '2' : '3';
  const relabelTo = relabelKey === '2' ? 'useful_exploration' : 'no_progress_infrastructure';

  await page.addInitScript((name) => {
    window.localStorage.setItem('turnwise.annotator', name);
  }, REVIEWER);
  await page.goto(appUrl('/review'));
  const item = page.getByTestId('review-item');
  await expect(item).toHaveAttribute('data-item-id', first.item_id, LOADED);
  await expect(page.getByTestId('review-reason')).toHaveText(first.reason);
  await expect(page.getByTestId('review-context-turn').first()).toBeVisible(LOADED);
  await expect(page.getByTestId('review-progress')).toContainText(
    `of ${Object.values(pending.by_status).reduce((a, b) => a + b, 0)} decided`,
  );
  // The first item's rule, nothing decided yet: no precision.
  const precision = page.locator(
    `[data-testid="review-rule-precision"][data-rule="${first.rule}"]`,
  );
  const before = await ruleStats(first.rule);
  await expect(precision).toHaveAttribute('data-decided', String(before.decided));
  await expect(precision).toContainText(`${before.decided} / ${before.queued}`);
  await page.screenshot({ path: `${SHOTS}-item.png`, fullPage: true });

  await page.keyboard.press('?');
  await expect(page.getByTestId('review-shortcut')).toHaveCount(12);
  await page.screenshot({ path: `${SHOTS}-shortcuts.png` });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('review-shortcut-sheet')).toHaveCount(0);

  // Approve, auto-advance; relabel, auto-advance; a note, then reject.
  await page.keyboard.press('a');
  await expect(item).toHaveAttribute('data-item-id', second.item_id);
  // The approval counts for its rule: one more decided, kept.
  await expect(precision).toHaveAttribute('data-decided', String(before.decided + 1));
  await expect(precision).toHaveAttribute(
    'data-kept',
    String(before.approved + before.relabeled + 1),
  );
  const afterOne = await ruleStats(first.rule);
  expect(afterOne.precision).not.toBeNull();
  await expect(precision).toHaveAttribute('data-precision', String(afterOne.precision));
  // "pending" lists only pending items: the approved one left the list.
  const row = (id: string) =>
    page.locator(`[data-testid="review-queue-row"][data-item-id="${id}"]`);
  await expect(row(first.item_id)).toHaveCount(0);
  await page.keyboard.press(relabelKey);
  await expect(item).toHaveAttribute('data-item-id', third.item_id);
  await page.keyboard.press('n');
  const note = page.getByTestId('review-note-input');
  await expect(note).toBeFocused();
  await note.pressSequentially(NOTE); // its letters are text, not commands
  await note.press('Enter');
  await expect(note).not.toBeFocused();
  await page.keyboard.press('r');
  await expect(item).not.toHaveAttribute('data-item-id', third.item_id);
  await expect(row(third.item_id)).toHaveCount(0);
  await expect(row(second.item_id)).toHaveCount(0);
  const pendingNow = await api('listReviewQueue', { status: 'pending' });
  expect(pendingNow.items.map((i) => i.item_id)).not.toContain(third.item_id);
  await expect(page.getByTestId('review-queue')).toHaveAttribute(
    'data-count',
    String(pendingNow.items.length),
  );
  // Every rule's row shows what the engine counts.
  for (const decided of [first, second, third]) {
    const stats = await ruleStats(decided.rule);
    await expect(
      page.locator(`[data-testid="review-rule-precision"][data-rule="${decided.rule}"]`),
    ).toHaveAttribute('data-precision', String(stats.precision ?? ''));
  }
  await page.screenshot({ path: `${SHOTS}-decided.png`, fullPage: true });

  // Every decision is an event with who and what; approve and relabel wrote human labels.
  const events = async (id: string) => (await api('listReviewEvents', { item_id: id })).events;
  expect(await events(first.item_id)).toEqual([
    expect.objectContaining({
      status: 'approved',
      decided_label: firstProposed,
      decided_by: REVIEWER,
    }),
  ]);
  expect(await events(second.item_id)).toEqual([
    expect.objectContaining({
      status: 'relabeled',
      decided_label: relabelTo,
      decided_by: REVIEWER,
    }),
  ]);
  expect(await events(third.item_id)).toEqual([
    expect.objectContaining({ status: 'rejected', note: NOTE, decided_by: REVIEWER }),
  ]);
  expect(await humanLabel(first)).toMatchObject({
    role_label: firstProposed,
    source: `human:${REVIEWER}`,
  });
  expect(await humanLabel(second)).toMatchObject({
    role_label: relabelTo,
    source: `human:${REVIEWER}`,
  });
  const counted = await api('listReviewQueue', { limit: 1 });
  await expect(page.getByTestId('review-progress')).toHaveAttribute(
    'data-decided',
    String(
      Object.values(counted.by_status).reduce((a, b) => a + b, 0) -
        (counted.by_status.pending ?? 0),
    ),
  );

  // u undoes the newest decision (the rejection) and goes back to that item, pending again.
  await page.keyboard.press('u');
  await expect(item).toHaveAttribute('data-item-id', third.item_id);
  await expect(item).toHaveAttribute('data-status', 'pending');
  const undone = await events(third.item_id);
  expect(undone.map((e) => e.status)).toEqual(['rejected', 'pending']);
  // A second u undoes the relabel: its human label goes with it.
  await page.keyboard.press('u');
  await expect(item).toHaveAttribute('data-item-id', second.item_id);
  await expect(item).toHaveAttribute('data-status', 'pending');
  const after = await humanLabel(second);
  expect(after?.source === `human:${REVIEWER}` && after.role_label === relabelTo).toBe(false);

  // Undone, both are listed under "pending" again.
  await expect(row(second.item_id)).toHaveCount(1);
  await expect(row(third.item_id)).toHaveCount(1);

  // Under "approved", the approved item shows who decided, when, and its event; it can be undone
  // from there too.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: /^approved/ }).click();
  await expect(item).toHaveAttribute('data-item-id', first.item_id);
  await expect(page.getByTestId('review-by')).toContainText(`by ${REVIEWER}`);
  await expect(page.getByTestId('review-events')).toContainText(`${REVIEWER}: approved`);
  await expect(page.getByTestId('review-undo')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-approved.png`, fullPage: true });

  // Filter by a rule: exactly that rule's pending items are listed.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: /^pending/ }).click();
  const rules = Object.entries(counted.by_rule).filter(([, n]) => n > 0);
  const [rule] = defined(rules.at(-1), 'a rule with items') as [ReviewRule, number];
  const ruled = await api('listReviewQueue', { status: 'pending', rule });
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.locator(`[role="option"][data-rule="${rule}"]`).click();
  const rows = page.getByTestId('review-queue-row');
  await expect(rows.first()).toHaveAttribute('data-rule', rule);
  await expect(page.getByTestId('review-queue')).toHaveAttribute(
    'data-count',
    String(ruled.items.length),
  );
  await expect(
    page.locator(`[data-testid="review-queue-row"]:not([data-rule="${rule}"])`),
  ).toHaveCount(0);
  await expect(item).toHaveAttribute('data-item-id', defined(ruled.items[0], 'an item').item_id);
  await page.screenshot({ path: `${SHOTS}-filtered.png`, fullPage: true });

  // Fill again with a lower progress drop: only failure steps in a success are added.
  const queued = (await ruleStats('failure_step_in_success')).queued;
  await page.getByTestId('review-fill-queue').click();
  const drop = page.getByTestId('fill-queue-min-drop');
  await expect(drop).toHaveValue('0.2');
  await drop.fill('-1');
  await expect(page.getByTestId('fill-queue-run')).toBeDisabled();
  await drop.fill('0.05');
  await page.screenshot({ path: `${SHOTS}-fill.png` });
  await page.getByTestId('fill-queue-run').click();
  await expect(page.getByTestId('review-message')).toContainText('The queue rules added', LOADED);
  const refilled = await ruleStats('failure_step_in_success');
  const added = Number(
    /added (\d+) new/.exec((await page.getByTestId('review-message').textContent()) ?? '')?.[1],
  );
  expect(refilled.queued).toBe(queued + added);
  expect(added).toBeGreaterThan(0);
});

test('a step is added to the queue by hand from the trajectory view', async ({ page }) => {
  const id = 'demo:repair-006-s1';
  const segments = await api('getSegments', { trajectory_id: id });
  const step = defined(segments.segments[1], 'a second step');
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(id)}?turn=${step.turn_start}`));
  await page.getByTestId('add-to-review').click();
  const offered = page.getByTestId('add-review-segment').first();
  await expect(offered).toHaveAttribute('data-segment-index', String(step.segment_index), LOADED);
  await expect(offered).toContainText('(this turn)');
  await offered.click();
  await expect(page.getByTestId('add-to-review-status')).toContainText(
    `Added Step ${step.segment_index} to the review queue`,
  );
  const manual = await api('listReviewQueue', { rule: 'manual' });
  expect(manual.items).toContainEqual(
    expect.objectContaining({
      trajectory_id: id,
      segment_index: step.segment_index,
      rule: 'manual',
      status: 'pending',
    }),
  );
  await page.screenshot({ path: `${SHOTS}-added.png` });
});
