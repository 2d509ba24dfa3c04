// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatasetSummary } from '../shared/model';
import { App } from './App';
import { createClient } from './api/client';
import { fakeTransport, ok } from './test/fake-transport';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.location.hash = '';
});

const dataset: DatasetSummary = {
  dataset_id: 'ds:1/a',
  name: 'demo',
  format: 'openai-messages',
  source_path: '/data/demo.jsonl',
  imported_at: '2025-01-01T00:00:00Z',
  content_sha256: 'ab'.repeat(32),
  storage: 'imported',
  files_missing: false,
  secrets: 'redacted',
  secrets_redacted: 0,
  trajectories: 2,
  turns: 10,
  groups: 1,
  success_rate: 0.5,
  mean_reward: 0.25,
};

function transport() {
  return fakeTransport({
    appInfo: () => ok({ version: '0.1.0', workspace_path: '/w/demo.duckdb', schema_version: 1 }),
    listDatasets: () => ok({ datasets: [dataset] }),
    listTrajectories: () => ok({ total: 0, rows: [] }),
  });
}

describe('App', () => {
  it('has the navigation links and opens a dataset from its row', async () => {
    const fake = transport();
    render(<App client={createClient(fake)} />);
    for (const name of ['Datasets', 'Trajectories', 'Review', 'SQL', 'Export']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    // Pages load on first use (renderer/pages.ts): the first one may take a moment to compile here.
    const row = await screen.findByTestId('dataset-row', undefined, { timeout: 10_000 });
    fireEvent.click(row.querySelector('td:nth-child(2)') as Element);
    expect(window.location.hash).toBe('#/dataset/ds%3A1%2Fa');
    await act(async () => {
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(
      await screen.findByText('/data/demo.jsonl', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'listTrajectories')).toBe(true);
    const listCall = fake.calls.find((c) => c.method === 'listTrajectories');
    expect(listCall?.input).toMatchObject({ dataset_id: 'ds:1/a', offset: 0, limit: 100 });
  });

  it('toggles the theme and remembers the choice', () => {
    render(<App client={createClient(transport())} />);
    const toggle = screen.getByTestId('theme-toggle');
    fireEvent.click(toggle);
    expect(window.localStorage.getItem('turnwise.theme')).toBe('dark');
    fireEvent.click(toggle);
    expect(window.localStorage.getItem('turnwise.theme')).toBe('light');
  });
});
