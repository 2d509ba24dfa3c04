// Tool calls read as what they are, on the demo's real tool shapes: an edit_file call's
// old_str/new_str as a diff, write_file content as numbered code lines, and a raw toggle that
// shows the exact stored JSON.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, appUrl, defined } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

type Row = { trajectory_id: string; turn_index: number; arguments: string };

async function firstCall(tool: string): Promise<Row> {
  const { rows } = await apiAs<{ rows: Row[] }>('runSql', {
    sql: `SELECT trajectory_id, turn_index,
                 json_extract_string(tool_calls, '$[0].arguments') AS arguments
          FROM turns
          WHERE json_array_length(tool_calls) = 1
            AND json_extract_string(tool_calls, '$[0].name') = '${tool}'
          ORDER BY trajectory_id, turn_index LIMIT 1`,
  });
  return defined(rows[0], `a ${tool} call in the demo`);
}

async function openCall(page: Page, row: Row) {
  await page.goto(
    appUrl(`/trajectory/${encodeURIComponent(row.trajectory_id)}?turn=${row.turn_index}`),
  );
  const turn = page.locator(`#turn-${row.turn_index}`);
  await expect(turn).toBeInViewport();
  return turn.getByTestId('tool-call');
}

test('an edit_file call shows its replacement as a diff, raw shows the stored JSON', async ({
  page,
}) => {
  const row = await firstCall('edit_file');
  const args = JSON.parse(row.arguments) as { old_str: string; new_str: string; path: string };
  const call = await openCall(page, row);
  const diff = call.getByTestId('arg-diff');
  await expect(diff).toBeVisible();
  // Context and removed lines give back old_str, context and added lines new_str.
  const lines = ((await diff.textContent()) ?? '').split('\n');
  const side = (keep: string) =>
    lines.filter((line) => line[0] === ' ' || line[0] === keep).map((line) => line.slice(1));
  expect(side('-').join('\n')).toBe(args.old_str);
  expect(side('+').join('\n')).toBe(args.new_str);
  expect(lines.some((line) => line.startsWith('+'))).toBe(true);
  await expect(call.getByTestId('tool-arg').filter({ hasText: 'path:' })).toContainText(args.path);
  // No JSON escapes on screen in the per-field view.
  await expect(call).not.toContainText('\\n');
  await call.scrollIntoViewIfNeeded();
  await call.screenshot({ path: 'test-results/tool-edit-diff.png' });

  await call.getByTestId('tool-call-raw').click();
  const raw = call.getByTestId('tool-call-json');
  await expect(raw).toBeVisible();
  expect(JSON.parse((await raw.textContent()) ?? '')).toEqual(args);
  await expect(call.getByTestId('arg-diff')).toHaveCount(0);
});

test('a write_file call shows its content as numbered lines', async ({ page }) => {
  const row = await firstCall('write_file');
  const args = JSON.parse(row.arguments) as { content: string };
  const lines = args.content.split('\n');
  const call = await openCall(page, row);
  const code = call.getByTestId('arg-lines');
  if (lines.length > 1) {
    await expect(code).toBeVisible();
    await expect(code.locator('.tw-arg-gutter')).toContainText(`${lines.length}`);
    await expect(code.locator('.tw-arg-code')).toContainText(defined(lines[1], 'line 2').trim());
  } else {
    await expect(call.getByTestId('tool-arg').filter({ hasText: 'content:' })).toContainText(
      args.content,
    );
  }
  await call.screenshot({ path: 'test-results/tool-write-file.png' });
});
