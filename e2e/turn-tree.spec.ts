import { expect, test } from '@playwright/test';
import { api, appUrl } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

test('group page: the turn-tree graph draws the group and a chosen node shows its statistics', async ({
  page,
}) => {
  const tree = await api('getTurnTree', {
    dataset_id: 'demo',
    group_id: 'repair-000-g',
  });
  expect(tree.rollouts).toBe(8);
  expect(tree.nodes.filter((node) => node.children.length > 1).length).toBeGreaterThan(0);

  await page.goto(appUrl('/group/repair-000-g'));
  const graph = page.getByTestId('turn-tree-graph');
  await expect(graph).toContainText('Turn tree graph: 8 rollouts');
  await expect(
    graph.getByRole('figure', { name: 'Turn tree graph' }).locator('canvas'),
  ).toHaveCount(1);
  // The branch-point table stays below the graph.
  await expect(page.getByTestId('turn-tree')).toContainText('Turn tree: 8 rollouts');

  const list = graph.getByRole('listbox', { name: 'Turn tree nodes' });
  const options = list.getByRole('option');
  const drawn = await options.count();
  // Shared chains are collapsed: far fewer drawn nodes than distinct turns, and 8 rollouts end.
  expect(drawn).toBeGreaterThan(2);
  expect(drawn).toBeLessThan(tree.nodes.length);
  await expect(options.filter({ hasText: /[✓✗±?] · n/ })).not.toHaveCount(0);
  const detail = graph.getByTestId('turn-tree-node-detail');
  await expect(detail).toContainText('Select a node');

  // Clicking an option selects the root: all 8 rollouts, linked.
  await options.first().click();
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(detail).toContainText('the shared task');
  await expect(detail.getByRole('link')).toHaveCount(8);

  // Keyboard: Right goes to the root's first child (the opening every rollout shares), End to
  // the last drawn node (a leaf), Left back to its parent.
  await list.press('ArrowRight');
  const second = list.getByRole('option', { selected: true });
  await expect(second).toHaveCount(1);
  await expect(detail).toContainText('n (rollouts through it)8');
  await list.press('End');
  const leaf = list.getByRole('option', { selected: true });
  await expect(leaf).toHaveText(/[✓✗±?] · n \d+ · p /);
  const leafText = (await leaf.textContent()) ?? '';
  const n = Number(/n (\d+)/.exec(leafText)?.[1]);
  const p = /p (\S+)$/.exec(leafText)?.[1] ?? '';
  await expect(detail).toContainText(`n (rollouts through it)${n}`);
  await expect(detail).toContainText(`p (success rate)${p}`);
  await expect(detail).toContainText('p(1-p)');
  await expect(detail).toContainText('branch advantage');
  await expect(detail.getByRole('link')).toHaveCount(n);
  await list.press('ArrowLeft');
  await expect(list.getByRole('option', { selected: true })).not.toHaveText(leafText);

  await page.screenshot({ path: 'test-results/turn-tree.png', fullPage: true });

  // The rollout links open the trajectory.
  await detail.getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/trajectory\//);
});

test('group page: clicking a node on the canvas selects it like the list does', async ({
  page,
}) => {
  await page.goto(appUrl('/group/repair-000-g'));
  const graph = page.getByTestId('turn-tree-graph');
  const canvas = graph.getByRole('figure', { name: 'Turn tree graph' }).locator('canvas');
  await expect(canvas).toHaveCount(1);
  const box = await canvas.boundingBox();
  expect(box).not.toBeNull();
  if (box === null) return;
  // The root is drawn at the far left, vertically where its children are centred; scan a thin
  // vertical strip at the left padding (20 px) for it rather than assume its row.
  const detail = graph.getByTestId('turn-tree-node-detail');
  for (let y = box.y + 10; y < box.y + box.height - 10; y += 6) {
    await page.mouse.click(box.x + 20, y);
    if (((await detail.textContent()) ?? '').includes('the shared task')) break;
  }
  await expect(detail).toContainText('the shared task');
  await expect(graph.getByRole('option', { selected: true })).toContainText('task · n 8');
});
