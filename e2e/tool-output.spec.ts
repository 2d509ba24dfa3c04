// Tool outputs of real rollouts read as what they are: an AnySWE (NeMo Gym) Hermes tool result
// unwrapped from its JSON with the exit code beside it, a traceback with its exception marked,
// and a SWE-agent file view with its numbers in a gutter and the code coloured as Python.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { samplePath } from '../engine/testing/test-support';
import { appUrl, importFiles } from './api';
import { useDemoWorkspace } from './demo-workspace';

useDemoWorkspace();

const HERMES = path.resolve(
  import.meta.dirname,
  '../engine/import/formats/fixtures/nemo-gym/anyswe_hermes.example_rollouts.head1.jsonl',
);

async function openTurn(page: Page, trajectoryId: string, turn: number) {
  await page.goto(appUrl(`/trajectory/${encodeURIComponent(trajectoryId)}?turn=${turn}`));
  const card = page.locator(`#turn-${turn}`);
  await expect(card).toBeInViewport();
  return card;
}

test('a Hermes tool result reads as its output, exit code beside it, traceback marked', async ({
  page,
}) => {
  const dataset = await importFiles([HERMES], 'hermes-output');
  const id = `${dataset}:astropy__astropy-12907:rollout0`;

  // Turn 11: {"output": "bash: ...: bad interpreter ...", "exit_code": 126, "error": null}.
  const badInterpreter = await openTurn(page, id, 11);
  await expect(badInterpreter.getByTestId('turn-content')).toContainText('bad interpreter');
  await expect(badInterpreter.getByTestId('turn-content')).not.toContainText('"exit_code"');
  await expect(badInterpreter.getByTestId('output-facts')).toHaveText('exit_code: 126');

  // Turn 15: a ModuleNotFoundError traceback.
  const traceback = await openTurn(page, id, 15);
  await expect(traceback.locator('.tw-tb-exception')).toHaveText(
    "ModuleNotFoundError: No module named 'erfa'",
  );
  await expect(traceback.locator('.tw-tb-frame').first()).toContainText('File "<string>", line 1');
  await page.screenshot({ path: 'test-results/tool-output-traceback.png' });
});

test('a SWE-agent file view puts line numbers in a gutter and colours the code', async ({
  page,
}) => {
  const dataset = await importFiles(
    [samplePath('swe-agent-traj/pydicom__pydicom-1458.old-v0.traj')],
    'swe-file-view',
  );
  const card = await openTurn(page, `${dataset}:pydicom__pydicom-1458.old-v0`, 5);
  const view = card.getByTestId('file-view');
  await expect(view).toHaveAttribute('data-path', '/pydicom__pydicom/reproduce_bug.py');
  await expect(view.locator('.tw-arg-gutter')).toContainText('18');
  await expect(view.getByTestId('code-block')).toHaveAttribute('data-language', 'python');
  await expect(view.locator('.tw-code-keyword').first()).toHaveText('import');
  // The numbers are not part of the code.
  await expect(view.locator('.tw-arg-code')).not.toContainText('1:import');
  await page.screenshot({ path: 'test-results/tool-output-file-view.png' });
});
