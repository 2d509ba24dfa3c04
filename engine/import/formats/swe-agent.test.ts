import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { sweAgentFormat } from './swe-agent';
import { redactTrajectory } from '../../secrets/redact-trajectory';

const sample = (name: string) => samplePath('swe-agent-traj', name);
const V0 = 'pydicom__pydicom-1458.old-v0.traj';
const TEST_REPO = 'swe-agent__test-repo-i1.traj';
const DEMO = 'function_calling_simple.traj';

async function one(file: string, options = {}) {
  const [trajectory, ...rest] = trajectoriesOf(await readAllItems(sweAgentFormat, file, options));
  expect(rest).toHaveLength(0);
  if (!trajectory) throw new Error('no trajectory');
  return trajectory;
}

function head(file: string) {
  return readFileSync(file, 'utf8').slice(0, 1 << 20);
}

describe('swe-agent', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);
  const write = (name: string, value: unknown) => {
    const file = path.join(temp.dir, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };

  it('reads a 0.x trajectory from its history, leaving the demonstration out', async () => {
    const t = await one(sample(V0));
    expect(t.turns).toHaveLength(25);
    expect(t.turns.slice(0, 4).map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'environment',
    ]);
    expect(t.turns[1]?.content).toMatch(/^We're currently solving the following issue/);
    const first = t.turns[2];
    expect(first?.is_action).toBe(true);
    expect(first?.tool_calls).toEqual([]);
    expect(first?.metadata).toMatchObject({
      action: 'create reproduce_bug.py',
      state: { open_file: 'n/a', working_dir: '/pydicom__pydicom' },
    });
    expect(t.turns.at(-1)?.metadata?.action).toBe('submit');
    expect(t.turns.filter((turn) => turn.is_action)).toHaveLength(12);
    expect(t.metadata).toMatchObject({
      format_version: '0.x',
      turns_from: 'history',
      demo_messages_skipped: 1,
      exit_status: 'submitted',
      model_stats: { api_calls: 12 },
    });
    expect(t).toMatchObject({
      source_id: 'pydicom__pydicom-1458.old-v0',
      task_id: 'pydicom__pydicom-1458.old-v0',
      group_id: 'pydicom__pydicom-1458.old-v0',
      // Only the file name names the task: scoped by file in a multi-file import.
      group_scope: 'file',
      sample_index: null,
      reward: null,
      success: null,
    });
  });

  it('reads the second 0.x sample', async () => {
    const t = await one(sample(TEST_REPO));
    expect(t.turns).toHaveLength(11);
    expect(t.turns.filter((turn) => turn.is_action).map((turn) => turn.metadata?.action)).toEqual([
      'find_file "missing_colon.py"',
      'open tests/missing_colon.py',
      'edit 4:4\ndef division(a: float, b: float) -> float:\nend_of_edit',
      'python tests/missing_colon.py',
      'submit',
    ]);
  });

  it('reads a history-only 1.x function-calling demo with tool calls', async () => {
    const t = await one(sample(DEMO));
    expect(t.turns).toHaveLength(12);
    expect(t.turns[2]).toMatchObject({
      role: 'assistant',
      is_action: true,
      tool_calls: [
        {
          id: 'call_PbWErNIge3YTrli3fiVvmIid',
          name: 'find_file',
          arguments: '{"file_name":"missing_colon.py"}',
        },
      ],
    });
    expect(t.turns[3]).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_PbWErNIge3YTrli3fiVvmIid',
    });
    expect(t.turns[6]?.tool_calls[0]?.arguments).toBe(
      '{"replace":"def division(a: float, b: float) -> float:","search":"def division(a: float, b: float) -> float"}',
    );
    expect(t.turns[11]).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_6zuFhIfpOAi1jAiD2QHMmh6S',
    });
    expect(t.metadata).toMatchObject({ format_version: '1.x', demo_messages_skipped: 0 });
    expect(t.task_id).toBe('function_calling_simple');
  });

  it('joins resolution from a SWE-bench summary report and a per-instance report', async () => {
    const summary = write('summary.json', {
      resolved_ids: ['swe-agent__test-repo-i1'],
      unresolved_ids: ['pydicom__pydicom-1458.old-v0'],
    });
    const resolved = await one(sample(TEST_REPO), { report: summary });
    expect([resolved.reward, resolved.success]).toEqual([1, true]);
    expect(resolved.metadata?.report).toEqual({ path: summary, judged: true });
    const failed = await one(sample(V0), { report: summary });
    expect([failed.reward, failed.success]).toEqual([0, false]);
    const perInstance = write('report.json', { 'swe-agent__test-repo-i1': { resolved: false } });
    const judged = await one(sample(TEST_REPO), { report: perInstance });
    expect([judged.reward, judged.success]).toEqual([0, false]);
    const notJudged = await one(sample(DEMO), { report: perInstance });
    expect([notJudged.reward, notJudged.success]).toEqual([null, null]);
    expect(notJudged.metadata?.report).toMatchObject({ judged: false });
  });

  it('refuses a predictions file as a report', async () => {
    await expect(
      readAllItems(sweAgentFormat, sample(TEST_REPO), { report: sample('all_preds.jsonl') }),
    ).rejects.toThrow(/carries no resolution/);
  });

  it('falls back to trajectory steps (1.x dict state) and redacts replay_config', async () => {
    const file = write('django__django-1.traj', {
      environment: 'main',
      trajectory: [
        {
          action: 'ls -la',
          observation: 'total 0',
          response: 'Look around.\n\n```\nls -la\n```',
          thought: 'Look around.',
          execution_time: 0.5,
          state: { working_dir: '/testbed' },
          query: [{ role: 'system', content: 'huge copy of the history' }],
        },
        { action: 'submit', observation: 'diff', response: '', thought: 'Done.', state: {} },
      ],
      info: { exit_status: 'submitted', edited_files30: 'whole files', swe_agent_version: '1.0.1' },
      replay_config: JSON.stringify({ agent: { model: { name: 'gpt-4o', api_key: 'sk-abc' } } }),
    });
    const t = await one(file);
    expect(t.turns.map((turn) => turn.role)).toEqual([
      'assistant',
      'environment',
      'assistant',
      'environment',
    ]);
    expect(t.turns[0]).toMatchObject({
      content: 'Look around.\n\n```\nls -la\n```',
      is_action: true,
    });
    expect(t.turns[0]?.metadata).toEqual({
      action: 'ls -la',
      state: { working_dir: '/testbed' },
      execution_time: 0.5,
    });
    expect(t.turns[2]?.content).toBe('Done.');
    expect(t.model).toBe('gpt-4o');
    expect(t.task_id).toBe('django__django-1');
    expect(t.metadata).toMatchObject({ format_version: '1.x', turns_from: 'trajectory' });
    expect(t.metadata).not.toHaveProperty('edited_files30');
    // The reader keeps replay_config's key; the import redacts it.
    expect(JSON.stringify(redactTrajectory(t).trajectory.metadata)).not.toContain('sk-abc');
  });

  it('reads 1.x history with demos, tool calls as a JSON string and thinking blocks', async () => {
    const file = write('x.traj', {
      history: [
        { role: 'system', content: 'sys', agent: 'main', message_type: 'system_prompt' },
        {
          role: 'user',
          content: 'demo',
          agent: 'main',
          is_demo: true,
          message_type: 'demonstration',
        },
        { role: 'user', content: [{ type: 'text', text: 'Fix it' }], agent: 'main' },
        {
          role: 'assistant',
          content: 'Run it',
          action: 'python a.py',
          thinking_blocks: [{ type: 'thinking', thinking: 'hmm' }],
          tool_calls:
            '[{"id": "c1", "function": {"name": "bash", "arguments": {"command": "python a.py"}}}]',
        },
        { role: 'tool', content: 'ok', tool_call_ids: ['c1'], message_type: 'observation' },
      ],
      info: { instance_id: 'repo__x-1' },
    });
    const t = await one(file);
    expect(t.task_id).toBe('repo__x-1');
    expect(t.group_scope).toBe('global');
    expect(t.turns.map((turn) => turn.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(t.turns[1]?.content).toBe('Fix it');
    expect(t.turns[2]).toMatchObject({
      reasoning: 'hmm',
      tool_calls: [{ id: 'c1', name: 'bash', arguments: '{"command":"python a.py"}' }],
    });
    expect(t.turns[3]?.tool_call_id).toBe('c1');
    expect(t.metadata?.demo_messages_skipped).toBe(1);
  });

  it('reports malformed files with the line and the field path', async () => {
    const badRole = write('bad.traj', {
      history: [
        { role: 'system', content: 'x' },
        { role: 'robot', content: 'y' },
      ],
    });
    const items = await readAllItems(sweAgentFormat, badRole);
    expect(items).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: expect.stringMatching(/^history\[1\]\.role: unknown role "robot"/) as unknown,
      },
    ]);
    const badJson = write('broken.traj', '{\n  "history": [\n    {"role": "user",}\n  ]\n}');
    expect(await readAllItems(sweAgentFormat, badJson)).toMatchObject([{ kind: 'error', line: 3 }]);
    const empty = write('empty.traj', { info: {} });
    expect(await readAllItems(sweAgentFormat, empty)).toEqual([
      { kind: 'error', line: 1, reason: 'history, trajectory: both are missing or empty' },
    ]);
    const notList = write('notlist.traj', { trajectory: {} });
    expect(await readAllItems(sweAgentFormat, notList)).toEqual([
      { kind: 'error', line: 1, reason: 'trajectory: expected a list' },
    ]);
  });

  it('detects .traj files and nothing else', () => {
    for (const name of [V0, TEST_REPO, DEMO]) {
      expect(
        sweAgentFormat.detect({ path: sample(name), head: head(sample(name)) }),
      ).toBeGreaterThanOrEqual(0.85);
    }
    const preds = sample('all_preds.jsonl');
    expect(sweAgentFormat.detect({ path: preds, head: head(preds) })).toBeLessThan(0.5);
    const mini = samplePath('mini-swe-agent', 'astropy__astropy-12907.traj.json');
    expect(sweAgentFormat.detect({ path: mini, head: head(mini) })).toBeLessThan(0.5);
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const demoLine = head(demo).split('\n')[0] ?? '';
    expect(sweAgentFormat.detect({ path: demo, head: demoLine })).toBeLessThan(0.5);
    // A cut head of a .traj renamed to .json still scores on its structure.
    const cut = head(sample(V0)).slice(0, 4000);
    expect(sweAgentFormat.detect({ path: 'run/x.json', head: cut })).toBeGreaterThanOrEqual(0.85);
  });
});
