import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onlyTrajectory, readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { detectFormat, scoreFormats } from '../registry';
import { openhandsV1Format } from './openhands-v1';

const FOLDER = path.join(
  import.meta.dirname,
  'fixtures',
  'openhands-v1',
  'cd94562403b9487ebdd4018e3f531dfd',
);
const BASE_STATE = path.join(FOLDER, 'base_state.json');
const EVENTS = readdirSync(path.join(FOLDER, 'events')).sort();

const only = (file: string) => onlyTrajectory(openhandsV1Format, file);

describe('openhands-v1 reader on a real persisted conversation', () => {
  it('detects base_state.json and claims no event file', async () => {
    expect((await detectFormat(BASE_STATE)).name).toBe('openhands-v1');
    expect(await openhandsV1Format.companionFiles?.(BASE_STATE)).toHaveLength(8);
    const event = path.join(FOLDER, 'events', EVENTS[2] ?? '');
    expect((await scoreFormats(event)).filter((s) => s.score >= 0.3)).toEqual([]);
  });

  it('reads the system prompt, messages, actions and their observations', async () => {
    const trajectory = await only(BASE_STATE);
    expect(trajectory.source_id).toBe('cd945624-03b9-487e-bdd4-018e3f531dfd');
    expect(trajectory.model).toBe('openai/gpt-4o-mini');
    expect(trajectory.tools?.length).toBeGreaterThan(0);
    expect(trajectory.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
    const [, , run, ran, finish, finished] = trajectory.turns;
    expect(run?.tool_calls).toEqual([
      {
        id: 'call_KaQ0kUcBb5tbMzhxbIx9dvoZ',
        name: 'terminal',
        arguments:
          '{"command":"pwd > tool_output.txt","security_risk":"LOW","summary":"Get current directory and write to tool_output.txt"}',
      },
    ]);
    expect(ran).toMatchObject({ tool_call_id: 'call_KaQ0kUcBb5tbMzhxbIx9dvoZ', error: null });
    expect(ran?.metadata).toMatchObject({ observation: 'TerminalObservation' });
    expect(finish?.tool_calls[0]?.name).toBe('finish');
    expect(finished?.tool_call_id).toBe(finish?.tool_calls[0]?.id);
    expect(trajectory.metadata).toMatchObject({
      execution_status: 'finished',
      usage: { agent: { model: 'openai/gpt-4o-mini' } },
    });
  });
});

describe('openhands-v1 events beyond the sample', () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  const event = (name: string) =>
    JSON.parse(readFileSync(path.join(FOLDER, 'events', name), 'utf8')) as Record<string, unknown>;

  /** The real folder with events replaced or added (name -> JSON text). */
  function folder(files: Record<string, string>): string {
    const temp = tempDir();
    cleanup = temp.cleanup;
    cpSync(FOLDER, temp.dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(temp.dir, 'events', name), text);
    }
    return path.join(temp.dir, 'base_state.json');
  }

  it('batches parallel calls, reads reasoning, errors and skips state updates', async () => {
    const action = event(EVENTS[2] ?? '');
    const second = {
      ...action,
      id: 'a2',
      tool_call_id: 'c2',
      tool_call: { id: 'c2', name: 'terminal', arguments: '{"command":"false"}' },
    };
    const failed = {
      ...event(EVENTS[3] ?? ''),
      id: 'o2',
      tool_call_id: 'c2',
      observation: {
        kind: 'TerminalObservation',
        content: [{ type: 'text', text: 'oops' }],
        is_error: false,
        exit_code: 1,
      },
    };
    const file = folder({
      [EVENTS[2] ?? '']: JSON.stringify({ ...action, reasoning_content: 'think first' }),
      'event-00003-4fc3850a-621c-4e43-a6e3-b1820e80e058.json': JSON.stringify(second),
      'event-00004-974caa29-4f4b-4c30-b4e1-5169f41e6d3d.json': JSON.stringify(failed),
      'event-00005-125cf15f-b389-4444-9605-293c8f1ef447.json': JSON.stringify({
        id: 'e1',
        source: 'agent',
        kind: 'AgentErrorEvent',
        tool_name: 'terminal',
        tool_call_id: 'c3',
        error: 'no such tool',
      }),
      'event-00008-00000000-0000-0000-0000-000000000001.json': JSON.stringify({
        id: 's1',
        source: 'environment',
        kind: 'ConversationStateUpdateEvent',
        key: 'execution_status',
        value: 'finished',
      }),
      'event-00009-00000000-0000-0000-0000-000000000002.json': '{"id": "cut',
    });
    const items = await readAllItems(openhandsV1Format, file);
    expect(items.filter((i) => i.kind === 'dropped').map((i) => i.reason)).toEqual([
      expect.stringMatching(/^events\/event-00009-.*\.json: line 1: /),
    ]);
    const [trajectory] = trajectoriesOf(items);
    const turns = trajectory?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'user',
      'assistant',
    ]);
    expect(turns[2]?.tool_calls.map((c) => c.id)).toEqual(['call_KaQ0kUcBb5tbMzhxbIx9dvoZ', 'c2']);
    expect(turns[2]?.reasoning).toBe('think first');
    expect(turns[3]?.error).toEqual({ kind: 'exit_code', message: null, exit_code: 1 });
    expect(turns[4]).toMatchObject({
      tool_call_id: 'c3',
      error: { kind: 'error', message: 'no such tool' },
    });
    expect(trajectory?.metadata?.skipped_events).toEqual({ ConversationStateUpdateEvent: 1 });
  });

  it('follows the active branch when events carry parent ids', async () => {
    const user = event(EVENTS[6] ?? '');
    const file = folder({
      'event-00008-00000000-0000-0000-0000-000000000003.json': JSON.stringify({
        ...user,
        id: 'b1',
        parent_id: '5df490d1-98e8-4dea-9ae7-7f36c59f8ed5',
        llm_message: { role: 'user', content: [{ type: 'text', text: 'a new branch' }] },
      }),
    });
    const trajectory = await only(file);
    expect(trajectory.turns.map((t) => t.content.slice(0, 12))).toEqual([
      'You are Open',
      'a new branch',
    ]);
    expect(trajectory.metadata?.off_branch_events).toBe(7);
  });
});
