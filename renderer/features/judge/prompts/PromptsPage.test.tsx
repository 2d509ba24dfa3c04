// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveJudgePrompt, JudgePrompt } from '../../../../shared/api-judge';
import type { JudgeEval } from '../../../../shared/api-judge-eval';
import { fakeTransport, ok } from '../../../test/fake-transport';
import { renderWithApi } from '../../../test/render';
import { PromptsPage } from './PromptsPage';

// Monaco needs a real browser (e2e/prompts.spec.ts covers it); plain elements stand in for it.
vi.mock('../../../components/monaco/MonacoTextEditor', () => ({
  default: (props: { value: string; onChange: (value: string) => void }) => (
    <textarea
      data-testid="prompt-text"
      value={props.value}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => props.onChange(event.target.value)}
    />
  ),
}));
vi.mock('../../../components/monaco/MonacoDiffEditor', () => ({
  default: (props: { original: string; modified: string }) => (
    <div>
      <pre data-testid="diff-original">{props.original}</pre>
      <pre data-testid="diff-modified">{props.modified}</pre>
    </div>
  ),
}));

afterEach(cleanup);

const V1: JudgePrompt = {
  version_id: 'triage-judge/1',
  parent_version: null,
  text: 'Judge the step.',
  created_at: '2026-12-01T10:00:00Z',
};
const V2: JudgePrompt = {
  version_id: 'triage-judge/2',
  parent_version: 'triage-judge/1',
  text: 'Judge the step strictly.',
  created_at: '2026-12-01T11:00:00Z',
};

function report(accuracy: number, kappa: number) {
  return { n: 10, accuracy, kappa, per_role: [], confusion: [] };
}

const EVAL: JudgeEval = {
  prompt_version: 'triage-judge/2',
  model: 'qwen',
  segmentation: 'action',
  counterexamples: report(0.7, 0.5),
  human_labeled: report(0.8, 0.61),
  regression_in_success: { support: 4, precision: 0.5, recall: 1, f1: 0.67 },
  suite_segments: 10,
  unjudged: 0,
  judging: null,
};

function setup() {
  let prompts = [V1, V2];
  let active: ActiveJudgePrompt = {
    version_id: 'triage-judge/1',
    set_at: null,
    previous_version: null,
  };
  const transport = fakeTransport({
    listJudgePrompts: () => ok({ prompts }),
    getActiveJudgePrompt: () => ok(active),
    listJudgeEvals: () =>
      ok({ evals: [{ eval_id: 'e1', created_at: '2026-12-01T12:00:00Z', result: EVAL }] }),
    setActiveJudgePrompt: (input) => {
      active = {
        version_id: input.version_id,
        set_at: '2026-12-02T00:00:00Z',
        previous_version: active.version_id,
      };
      return ok(active);
    },
    createJudgePrompt: (input) => {
      const created: JudgePrompt = {
        version_id: 'triage-judge/3',
        parent_version: input.parent_version,
        text: input.text,
        created_at: '2026-12-02T01:00:00Z',
      };
      prompts = [...prompts, created];
      return ok(created);
    },
  });
  renderWithApi(<PromptsPage />, transport);
  return transport;
}

const version = (id: string) =>
  screen.getAllByTestId('prompt-version').find((row) => row.dataset.version === id) as HTMLElement;

describe('PromptsPage', () => {
  it('lists versions as a tree with the one in use marked and each latest evaluation', async () => {
    setup();
    await screen.findAllByTestId('prompt-version');
    expect(screen.getAllByTestId('prompt-version').map((row) => row.dataset.version)).toEqual([
      'triage-judge/1',
      'triage-judge/2',
    ]);
    expect(version('triage-judge/1').dataset.active).toBe('true');
    expect(within(version('triage-judge/1')).getByText('in use')).toBeTruthy();
    expect(within(version('triage-judge/2')).getByTestId('prompt-eval').textContent).toBe(
      'acc 80.0% · κ 0.61 · reg F1 0.67 · n 10',
    );
    expect(within(version('triage-judge/1')).getByTestId('prompt-eval').textContent).toBe(
      'not evaluated',
    );
    // The version in use is selected first, in the editor.
    expect(screen.getByTestId('prompt-selected').textContent).toBe('triage-judge/1');
    expect((await screen.findByTestId('prompt-text')).textContent).toBe('Judge the step.');
  });

  it('saves an edit as a new version whose parent is the edited one', async () => {
    const transport = setup();
    fireEvent.click(await screen.findByText('triage-judge/2'));
    const text = (await screen.findByTestId('prompt-text')) as HTMLTextAreaElement;
    expect(text.value).toBe('Judge the step strictly.');
    const save = screen.getByTestId('prompt-save');
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(text, { target: { value: 'Judge the step very strictly.' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByTestId('prompt-selected').textContent).toBe('triage-judge/3'),
    );
    expect(transport.calls.find((c) => c.method === 'createJudgePrompt')?.input).toEqual({
      parent_version: 'triage-judge/2',
      text: 'Judge the step very strictly.',
    });
    expect(version('triage-judge/3')).toBeTruthy();
  });

  it('diffs a version against its parent', async () => {
    setup();
    fireEvent.click(await screen.findByText('triage-judge/2'));
    fireEvent.click(screen.getByTestId('prompt-tab-diff'));
    expect((await screen.findByTestId('diff-original')).textContent).toBe('Judge the step.');
    expect(screen.getByTestId('diff-modified').textContent).toBe('Judge the step strictly.');
  });

  it('puts a version in use and rolls back to the previous one', async () => {
    const transport = setup();
    fireEvent.click(await screen.findByText('triage-judge/2'));
    fireEvent.click(screen.getByTestId('prompt-use'));
    await waitFor(() => expect(version('triage-judge/2').dataset.active).toBe('true'));
    expect(screen.getByTestId('prompt-in-use')).toBeTruthy();
    expect(screen.getByTestId('prompt-eval-detail').textContent).toContain('Regression in success');
    fireEvent.click(screen.getByTestId('prompt-rollback'));
    await waitFor(() => expect(version('triage-judge/1').dataset.active).toBe('true'));
    const calls = transport.calls.filter((c) => c.method === 'setActiveJudgePrompt');
    expect(calls.map((c) => c.input)).toEqual([
      { version_id: 'triage-judge/2' },
      { version_id: 'triage-judge/1' },
    ]);
  });
});
