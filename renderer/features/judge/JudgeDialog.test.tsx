// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobStateOf } from '../../../shared/api';
import type { JudgeSummary } from '../../../shared/api-judge';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { JudgeDialog } from './JudgeDialog';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const RUNNING: JobStateOf<'judge'> = {
  job_id: 'job-1',
  kind: 'judge',
  status: 'running',
  progress: { done: 0, total: null, unit: 'segments', message: 'queued' },
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  result: null,
  error: null,
};

const SUMMARY: JudgeSummary = {
  run_id: 'r1',
  dataset_id: 'demo',
  prompt_version: 'triage-judge/2',
  model: 'qwen',
  source: 'judge:triage-judge/2@qwen',
  segmentation: 'action',
  segments: 10,
  labeled: 8,
  cached: 1,
  failed: 1,
  requests: 11,
  prompt_tokens: 12345,
  completion_tokens: 678,
  roles: { decisive_progress: 3, regression: 6 },
  failures: [{ trajectory_id: 'demo:t1', segment_index: 4, reason: 'HTTP 400: context too long' }],
  seconds: 2.5,
};

function setup(active = 'triage-judge/1') {
  const transport = fakeTransport({
    getActiveJudgePrompt: () => ok({ version_id: active, set_at: null, previous_version: null }),
    listJudgePrompts: () =>
      ok({
        prompts: [
          { version_id: 'triage-judge/1', parent_version: null, text: 'v1 text', created_at: 'x' },
          {
            version_id: 'triage-judge/2',
            parent_version: 'triage-judge/1',
            text: 'v2 text',
            created_at: 'y',
          },
        ],
      }),
    startJudge: () => ok(RUNNING),
    getJob: () => ok(RUNNING),
    cancelJob: () => ok(RUNNING),
  });
  renderWithApi(<JudgeDialog datasetId="demo" open onClose={() => undefined} />, transport);
  return transport;
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('JudgeDialog', () => {
  it('starts a run with the settings, follows its progress, cancels and shows the summary', async () => {
    const transport = setup();
    const start = screen.getByTestId('judge-start');
    expect(start).toHaveProperty('disabled', true);
    fireEvent.change(input('judge-endpoint'), { target: { value: ' http://gpu:8000/v1 ' } });
    fireEvent.change(input('judge-model'), { target: { value: 'qwen' } });
    fireEvent.change(input('judge-concurrency'), { target: { value: '0' } });
    expect(start).toHaveProperty('disabled', true); // concurrency is 1-64
    fireEvent.change(input('judge-concurrency'), { target: { value: '8' } });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Prompt version' }));
    fireEvent.click(await screen.findByRole('option', { name: /triage-judge\/2/ }));
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    fireEvent.click(start);

    await screen.findByTestId('judge-progress');
    expect(transport.calls.find((c) => c.method === 'startJudge')?.input).toEqual({
      dataset_id: 'demo',
      endpoint: 'http://gpu:8000/v1',
      model: 'qwen',
      api_key_env: 'OPENAI_API_KEY',
      concurrency: 8,
      prompt_version: 'triage-judge/2',
    });
    transport.emit({
      ...RUNNING,
      progress: { done: 3, total: 10, unit: 'segments', message: '3 labeled · 900 tokens in' },
    });
    await screen.findByText(/3 of 10 segments · 3 labeled · 900 tokens in/);
    fireEvent.click(screen.getByTestId('judge-cancel'));
    expect(transport.calls.some((c) => c.method === 'cancelJob')).toBe(true);

    transport.emit({ ...RUNNING, status: 'succeeded', result: SUMMARY });
    const summary = await screen.findByTestId('judge-summary');
    expect(summary.textContent).toContain('Judged 10 segments as judge:triage-judge/2@qwen');
    expect(summary.textContent).toContain('Prompt tokens12,345');
    expect(screen.getByTestId('judge-role-regression').textContent).toBe('regression: 6');
    expect(screen.getByTestId('judge-failures').textContent).toContain(
      'demo:t1 · Step 4: HTTP 400: context too long',
    );
  });

  it('sends a limit only when one is given, and refuses a bad one', async () => {
    const transport = setup('triage-judge/1');
    fireEvent.change(input('judge-endpoint'), { target: { value: 'http://x/v1' } });
    fireEvent.change(input('judge-model'), { target: { value: 'm' } });
    fireEvent.change(input('judge-limit'), { target: { value: 'ten' } });
    expect(screen.getByTestId('judge-start')).toHaveProperty('disabled', true);
    fireEvent.change(input('judge-limit'), { target: { value: '25' } });
    const select = await screen.findByRole('combobox', { name: 'Prompt version' });
    await waitFor(() => expect(select.textContent).toContain('triage-judge/1'));
    fireEvent.click(screen.getByTestId('judge-start'));
    await screen.findByTestId('judge-progress');
    expect(transport.calls.find((c) => c.method === 'startJudge')?.input).toMatchObject({
      limit: 25,
      prompt_version: 'triage-judge/1',
    });
  });

  it('defaults to the prompt version in use and marks it in the list', async () => {
    const transport = setup('triage-judge/2');
    fireEvent.change(input('judge-endpoint'), { target: { value: 'http://x/v1' } });
    fireEvent.change(input('judge-model'), { target: { value: 'm' } });
    const select = await screen.findByRole('combobox', { name: 'Prompt version' });
    await waitFor(() => expect(select.textContent).toContain('triage-judge/2'));
    fireEvent.mouseDown(select);
    expect((await screen.findByRole('option', { name: /triage-judge\/2/ })).textContent).toContain(
      'in use',
    );
    fireEvent.keyDown(await screen.findByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('judge-start'));
    await screen.findByTestId('judge-progress');
    expect(transport.calls.find((c) => c.method === 'startJudge')?.input).toMatchObject({
      prompt_version: 'triage-judge/2',
    });
  });
});
