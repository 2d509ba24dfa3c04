import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { sweAgentFormat } from './swe-agent';

// Real SWE-agent files whose trajectory has a step the history lacks (fixtures/SOURCE.md).
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures/swe-agent', name);
const SUBMIT_MISSING = fixture('6e44b9__sweagenttestrepo-1c2844.traj');
const MIDDLE_MISSING = fixture('BabyEncryption.traj');

interface Step {
  action: string;
  response: string;
  observation: string;
  state: unknown;
  execution_time?: number;
}

function stepsOf(file: string): Step[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { trajectory: Step[] }).trajectory;
}

async function one(file: string) {
  const items = await readAllItems(sweAgentFormat, file);
  const [trajectory] = trajectoriesOf(items);
  if (!trajectory) throw new Error('no trajectory');
  return { trajectory, dropped: items.filter((item) => item.kind === 'dropped') };
}

describe('swe-agent steps without a history entry (real files)', () => {
  it('imports the final submit step of a 1.x run and times every step', async () => {
    const { trajectory: t, dropped } = await one(SUBMIT_MISSING);
    expect(dropped).toEqual([]);
    expect(t.turns.map((turn) => turn.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
      'assistant',
      'environment',
    ]);
    const steps = stepsOf(SUBMIT_MISSING);
    const replies = t.turns.filter((turn) => turn.role === 'assistant');
    expect(replies.map((turn) => turn.metadata?.action)).toEqual(steps.map((s) => s.action));
    expect(replies.map((turn) => turn.metadata?.execution_time)).toEqual(
      steps.map((s) => s.execution_time),
    );
    expect(replies.map((turn) => turn.metadata?.state)).toEqual(steps.map((s) => s.state));
    const [submit, observation] = t.turns.slice(-2);
    expect(submit).toMatchObject({
      content: steps[4]?.response,
      is_action: true,
      tool_calls: [],
      metadata: { action: 'submit', source: 'trajectory', execution_time: 0.2691650420001679 },
    });
    expect(observation?.content).toBe(steps[4]?.observation);
    expect(observation?.content).toMatch(/^\r\ndiff --git a\/tests\/missing_colon.py/);
    expect(observation?.metadata).toEqual({ source: 'trajectory' });
    expect(t.metadata).toMatchObject({
      format_version: '1.x',
      turns_from: 'history',
      steps_without_history: 1,
    });
  });

  it('pairs steps by content when one is missing mid-run (0.x)', async () => {
    const { trajectory: t } = await one(MIDDLE_MISSING);
    const steps = stepsOf(MIDDLE_MISSING);
    const replies = t.turns.filter((turn) => turn.role === 'assistant');
    expect(replies).toHaveLength(16);
    // Every step is one reply, in order, with its own state (0.x: a JSON string, parsed).
    replies.forEach((turn, i) => {
      const step = steps[i] as Step;
      expect(turn.metadata?.action).toBe(step.action.replace(/\n+$/, ''));
      expect(turn.metadata?.state).toEqual(JSON.parse(step.state as string));
    });
    // Step 9 (index 8) was only in the trajectory: it sits between the replies around it.
    const added = t.turns.findIndex((turn) => turn.metadata?.source === 'trajectory');
    expect(t.turns[added]).toMatchObject({ role: 'assistant', content: steps[8]?.response });
    expect(t.turns[added]?.metadata?.action).toMatch(/^edit 2:2 decrypt\.py\n/);
    expect(t.turns[added + 1]).toMatchObject({
      role: 'environment',
      content: steps[8]?.observation,
    });
    expect(t.turns[added - 2]?.metadata?.action).toBe(steps[7]?.action.replace(/\n+$/, ''));
    expect(t.turns[added + 2]?.metadata?.action).toBe('open decrypt.py');
    expect(t.metadata?.steps_without_history).toBe(1);
  });
});

describe('swe-agent content the reader cannot place (synthetic)', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);
  const write = (name: string, value: unknown) => {
    const file = path.join(temp.dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };

  it('reports steps that match no history message instead of repeating them', async () => {
    const file = write('mismatch.traj', {
      history: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'Fix it' },
        { role: 'assistant', content: 'Looking.', thought: 'Looking.', action: 'ls' },
      ],
      trajectory: [{ action: 'cat a.py', thought: 'Reading.', response: 'Reading.', state: {} }],
    });
    const { trajectory: t, dropped } = await one(file);
    expect(t.turns).toHaveLength(3);
    expect(t.turns[2]?.metadata).not.toHaveProperty('state');
    expect(dropped).toEqual([
      {
        kind: 'dropped',
        line: 1,
        reason:
          'trajectory: none of its 1 steps matches a history message; the steps (state, ' +
          'execution_time, observations) were not imported',
      },
    ]);
  });

  it('reports the retry-loop attempts that are not the chosen one', async () => {
    const run = JSON.parse(readFileSync(SUBMIT_MISSING, 'utf8')) as Record<string, unknown>;
    const info = { ...(run.info as Record<string, unknown>), best_attempt_idx: 1 };
    const file = write('retry.traj', { ...run, info, attempts: [run, run, run] });
    const { trajectory: t, dropped } = await one(file);
    expect(t.turns).toHaveLength(12);
    expect(dropped).toEqual([
      {
        kind: 'dropped',
        line: 1,
        reason:
          'attempts: 2 of 3 retry-loop attempts were not imported (only the chosen one at the ' +
          'top level, attempts[1])',
      },
    ]);
  });

  it('aligns a run too long for the full alignment step by step', async () => {
    // 4001 x 4001 pairs is past the alignment's memory bound: the greedy pass must still place
    // the one step the history lacks and time every other one.
    const steps = Array.from({ length: 4001 }, (_, i) => ({
      action: `cmd ${i}`,
      thought: `t${i}`,
      response: `t${i}`,
      observation: `out ${i}`,
      execution_time: i,
    }));
    const history: unknown[] = [{ role: 'user', content: 'Go' }];
    for (const step of steps) {
      if (step.action === 'cmd 2000') continue;
      history.push({
        role: 'assistant',
        content: step.response,
        thought: step.thought,
        action: step.action,
      });
      history.push({ role: 'user', content: step.observation });
    }
    history.push({ role: 'assistant', content: 'extra', thought: 'extra', action: 'cmd x' });
    const { trajectory: t } = await one(write('long.traj', { history, trajectory: steps }));
    const replies = t.turns.filter((turn) => turn.role === 'assistant');
    expect(replies).toHaveLength(4002);
    expect(replies.slice(0, 4001).map((turn) => turn.metadata?.execution_time)).toEqual(
      steps.map((step) => step.execution_time),
    );
    expect(replies[2000]?.metadata?.source).toBe('trajectory');
    expect(t.metadata?.steps_without_history).toBe(1);
  });

  it('names a step that is not an object', async () => {
    const file = write('bad-step.traj', {
      history: [{ role: 'user', content: 'Fix it' }],
      trajectory: [{ action: 'ls' }, 'oops'],
    });
    expect(await readAllItems(sweAgentFormat, file)).toEqual([
      { kind: 'error', line: 1, reason: 'trajectory[1]: expected a step object' },
    ]);
  });
});
