// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiOutput } from '../../../shared/api';
import type { MappingSpec } from '../../../shared/model';
import { fakeTransport, ok, type FakeHandlers } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { MappingPanel } from './MappingPanel';
import { useMappingDraft } from './useMappingDraft';

// Monaco needs a real browser; a textarea stands in for the editor here.
vi.mock('../../components/monaco/JsonEditor', () => ({
  JsonEditor: (props: { value: string; onChange: (value: string) => void }) => (
    <textarea
      data-testid="json-editor"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    />
  ),
}));

afterEach(cleanup);

const PREVIEW: ApiOutput<'previewImport'> = {
  files: [
    {
      path: '/d/chat.jsonl',
      bytes: 1000,
      status: 'import',
      format: 'mapping',
      records: 1,
      bad_records: 0,
      dropped: 0,
      reason: null,
    },
  ],
  total_files: 1,
  total_bytes: 1000,
  candidates: [],
  format: 'mapping',
  datasets: [{ name: 'chat', format: 'mapping', files: 1 }],
  counted_all: true,
  trajectories: [
    {
      source_id: 'conv-7',
      task_id: 't1',
      group_id: null,
      reward: 1,
      success: true,
      n_turns: 4,
      n_actions: 0,
      first_user_message: 'hello there',
    },
  ],
  errors: [],
  outcome_rule: null,
};

const SAVED: MappingSpec = {
  records: 'json',
  records_path: 'data.items',
  messages: 'msgs',
  role: 'from',
  content: 'value',
  roles: { gpt: 'assistant' },
  metadata: [],
};

function Harness({ paths }: { paths: string[] }) {
  return <MappingPanel draft={useMappingDraft()} paths={paths} />;
}

function setup(paths: string[], handlers: FakeHandlers = {}) {
  const fake = fakeTransport({
    previewImport: () => ok(PREVIEW),
    listMappings: () => ok({ mappings: [{ name: 'sharegpt', spec: SAVED, updated_at: 'x' }] }),
    saveMapping: (input) => ok({ name: input.name, spec: SAVED, updated_at: 'y' }),
    ...handlers,
  });
  renderWithApi(<Harness paths={paths} />, fake);
  return fake;
}

const editor = () => screen.getByTestId<HTMLTextAreaElement>('json-editor');

describe('MappingPanel', () => {
  it('previews the files through the template spec after a pause', async () => {
    const fake = setup(['/d/chat.jsonl']);
    expect(screen.getByTestId('mapping-editor')).toBeTruthy();
    expect(screen.queryByTestId('mapping-error')).toBeNull();
    expect(await screen.findByText('conv-7', undefined, { timeout: 3000 })).toBeTruthy();
    const call = fake.calls.find((c) => c.method === 'previewImport');
    expect(call?.input).toMatchObject({
      paths: ['/d/chat.jsonl'],
      format: 'mapping',
      mapping: { messages: 'conversation', role: 'speaker', roles: { human: 'user' } },
    });
  });

  it('shows where an invalid spec is wrong and does not preview it', async () => {
    const fake = setup(['/d/chat.jsonl']);
    fireEvent.change(editor(), { target: { value: '{"roles": {"human": "person"}}' } });
    const error = screen.getByTestId('mapping-error');
    expect(error.textContent).toContain('messages:');
    expect(error.textContent).toContain('roles.human:');
    expect(screen.getByTestId<HTMLButtonElement>('mapping-save').disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fake.calls.some((c) => c.method === 'previewImport')).toBe(false);
  });

  it('loads a saved mapping, and the template back', async () => {
    setup([]);
    const select = screen.getByTestId<HTMLSelectElement>('mapping-select');
    await screen.findByRole('option', { name: 'sharegpt' });
    fireEvent.change(select, { target: { value: 'sharegpt' } });
    expect(JSON.parse(editor().value)).toEqual(SAVED);
    expect(screen.getByTestId<HTMLInputElement>('mapping-name').value).toBe('sharegpt');
    fireEvent.click(screen.getByTestId('mapping-template'));
    expect(JSON.parse(editor().value)).toMatchObject({ messages: 'conversation' });
  });

  it('saves the current spec under a valid name', async () => {
    const fake = setup([]);
    const name = screen.getByTestId<HTMLInputElement>('mapping-name');
    const save = screen.getByTestId<HTMLButtonElement>('mapping-save');
    fireEvent.change(name, { target: { value: 'bad name!' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'chat-v1' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Saved “chat-v1”')).toBeTruthy();
    const call = fake.calls.find((c) => c.method === 'saveMapping');
    expect(call?.input).toMatchObject({ name: 'chat-v1', spec: { messages: 'conversation' } });
    // The list is reloaded so the new mapping shows up.
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'listMappings').length).toBe(2),
    );
  });

  it('shows a failed save', async () => {
    setup([], {
      saveMapping: () => ({ ok: false, error: { code: 'invalid_input', message: 'nope' } }),
    });
    fireEvent.change(screen.getByTestId('mapping-name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('mapping-save'));
    expect(await screen.findByText('The mapping could not be saved')).toBeTruthy();
  });
});
