// @vitest-environment jsdom
// The judge evaluation page on a faked API: the newest evaluation's cards, per-role table and
// confusion cells, the comparison's deltas, and what a run asks the engine for.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobStateOf } from '../../../../shared/api';
import type { AgreementReport, JudgeEvalRecord } from '../../../../shared/api-judge-eval';
import { ROLE_LABELS } from '../../../../shared/model';
import { fakeTransport, ok } from '../../../test/fake-transport';
import { renderWithApi } from '../../../test/render';
import { EvaluationPage } from './EvaluationPage';

// No canvas in jsdom: the fake chart lists the heatmap's cells as text.
vi.mock('../../../components/EChart', () => ({
  EChart: ({ option }: { option: { series: { data: number[][] }[] } }) => (
    <ul data-testid="heatmap-cells">
      {(option.series[0]?.data ?? []).map((cell) => (
        <li key={`${cell[0]}-${cell[1]}`}>{cell.join(',')}</li>
      ))}
    </ul>
  ),
}));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

function report(accuracy: number | null, kappa: number | null, f1: number | null): AgreementReport {
  return {
    n: 4,
    accuracy,
    kappa,
    per_role: ROLE_LABELS.map((role) => ({ role, support: 1, precision: null, recall: 0, f1 })),
    confusion: [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 1],
      [0, 1, 0, 0],
    ],
  };
}

function record(id: string, at: string, accuracy: number, ris: number | null): JudgeEvalRecord {
  return {
    eval_id: id,
    created_at: at,
    result: {
      prompt_version: 'triage-judge/1',
      model: 'qwen',
      segmentation: 'action',
      counterexamples: report(null, null, null),
      human_labeled: report(accuracy, 0.25, 0.5),
      regression_in_success: { support: 2, precision: 1, recall: 0.5, f1: ris },
      suite_segments: 5,
      unjudged: 1,
      judging: null,
    },
  };
}

const NEWER = record('e2', '2026-01-02T00:00:00.000Z', 0.75, 0.667);
const OLDER = record('e1', '2026-01-01T00:00:00.000Z', 0.5, null);
const RUNNING: JobStateOf<'evaluate'> = {
  job_id: 'job-1',
  kind: 'evaluate',
  status: 'running',
  progress: { done: 0, total: null, unit: 'segments', message: 'scoring the suite' },
  started_at: '2026-01-03T00:00:00.000Z',
  finished_at: null,
  result: null,
  error: null,
};

const startButton = () => screen.getByTestId<HTMLButtonElement>('eval-start');

function setup() {
  const transport = fakeTransport({
    listJudgeEvals: () => ok({ evals: [NEWER, OLDER] }),
    listJudgePrompts: () =>
      ok({
        prompts: [
          {
            version_id: 'triage-judge/1',
            parent_version: null,
            text: 'x',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        ],
      }),
    startJudgeEval: () => ok(RUNNING),
  });
  renderWithApi(<EvaluationPage />, transport);
  return transport;
}

describe('EvaluationPage', () => {
  it('shows the newest evaluation and compares it with the one before', async () => {
    setup();
    await waitFor(() =>
      expect(screen.getByTestId('eval-card-accuracy').textContent).toContain('0.750'),
    );
    expect(screen.getByTestId('eval-card-kappa').textContent).toContain('0.250');
    expect(screen.getByTestId('eval-card-regression-in-success').textContent).toContain('0.667');
    // Undefined metrics are a dash, never 0.
    expect(screen.getByTestId('eval-card-counterexamples').textContent).toContain('—');
    const regression = screen.getByTestId('eval-per-role-regression');
    expect(regression?.textContent).toContain('regression1—0.0000.500');
    // Cells are [judge column, human row, count]: human regression judged exploration.
    within(screen.getByTestId('heatmap-cells')).getByText('1,3,1');

    const comparison = screen.getByTestId('eval-comparison');
    const accuracy = within(comparison).getByText('Accuracy vs human labels').closest('tr');
    expect(accuracy?.textContent).toContain('0.5000.750+0.250');
    const ris = within(comparison).getByText('Regression-in-success F1').closest('tr');
    expect(ris?.textContent).toContain('—0.667—');
  });

  it('scores the existing labels of the chosen prompt version', async () => {
    const transport = setup();
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(screen.getByTestId('eval-start'));
    await waitFor(() => screen.getByTestId('eval-progress'));
    expect(transport.calls.find((c) => c.method === 'startJudgeEval')?.input).toEqual({
      prompt_version: 'triage-judge/1',
    });
  });

  it('needs an endpoint and a model to judge', async () => {
    const transport = setup();
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(screen.getByLabelText('Judge the unjudged suite segments first'));
    expect(startButton().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('eval-endpoint'), {
      target: { value: 'http://localhost:8000/v1' },
    });
    fireEvent.change(screen.getByTestId('eval-model'), { target: { value: 'qwen' } });
    fireEvent.click(screen.getByTestId('eval-start'));
    await waitFor(() =>
      expect(transport.calls.find((c) => c.method === 'startJudgeEval')?.input).toEqual({
        prompt_version: 'triage-judge/1',
        endpoint: 'http://localhost:8000/v1',
        model: 'qwen',
        api_key_env: 'OPENAI_API_KEY',
      }),
    );
  });
});
