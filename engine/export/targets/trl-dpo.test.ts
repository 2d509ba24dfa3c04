// trl-dpo pairing: per task, successes and failures each ordered by reward (highest first) then
// id, zipped; the rest are reported as unpaired; pairs whose prompts differ are skipped. Also: the
// trl-sft and trl-dpo records leave out an empty `tools`.
import { describe, expect, it } from 'vitest';
import type { LoadedTrajectory } from '../chat-messages';
import type { SelectedTrajectory } from '../selection';
import { ExportSelectionSchema } from '../../../shared/api-export';
import type { Workspace } from '../../store/workspace';
import type { ExportContext } from './export-target';
import { IDENTICAL_SIDES, TRL_DPO } from './trl-dpo';
import { TRL_SFT } from './trl-sft';

// Pairing reads only the selection; no query runs, so no workspace is opened.
const context: ExportContext = {
  workspace: undefined as unknown as Workspace,
  selection: ExportSelectionSchema.parse({ target: 'trl-dpo' }),
  scan_secrets: new Set(),
  redacted_at_export: new Map(),
};

function t(id: string, task: string | null, success: boolean | null, reward: number | null) {
  return {
    trajectory_id: id,
    dataset_id: 'd',
    task_id: task,
    group_id: task,
    group_success: null,
    reward,
    success,
    tools: null,
  };
}

function loaded(base: SelectedTrajectory, user: string, answer: string): LoadedTrajectory {
  return {
    ...base,
    messages: [
      { role: 'user', content: user },
      { role: 'assistant', content: answer },
    ],
    tools: null,
    tool_schemas: [],
  };
}

describe('trl-dpo', () => {
  it('zips successes and failures of each task by reward then id', async () => {
    const plan = await TRL_DPO.plan(
      [
        t('a1', 'A', true, 0.5),
        t('a2', 'A', true, 0.9),
        t('a3', 'A', false, 0.1),
        t('a4', 'A', false, 0.3),
        t('a5', 'A', false, null),
        t('b1', 'B', true, 1),
        t('c1', null, false, 0),
        t('u1', 'A', null, null),
      ],
      context,
    );
    expect(plan.units.map((u) => u.trajectory_ids)).toEqual([
      ['a2', 'a4'],
      ['a1', 'a3'],
    ]);
    expect([...plan.skipped].sort()).toEqual([
      'no task id to pair by',
      'no trajectory of the opposite outcome left to pair with',
      'no trajectory of the opposite outcome left to pair with',
      'outcome unknown',
    ]);
  });

  it('builds prompt/chosen/rejected from the shared prefix, and skips differing prompts', () => {
    const win = loaded(t('w', 'A', true, 1), 'fix it', 'done');
    const loss = loaded(t('l', 'A', false, 0), 'fix it', 'gave up');
    expect(TRL_DPO.build([win, loss], context)).toEqual({
      record: {
        prompt: [{ role: 'user', content: 'fix it' }],
        chosen: [{ role: 'assistant', content: 'done' }],
        rejected: [{ role: 'assistant', content: 'gave up' }],
      },
    });
    const other = loaded(t('o', 'A', false, 0), 'something else', 'x');
    expect(TRL_DPO.build([win, other], context)).toEqual({
      skip: 'pair skipped: the two prompts differ',
    });
  });

  it('skips a pair whose two sides are the same messages', () => {
    // Rollouts that differ only in tool-call ids give the same messages: no preference in them.
    const win = loaded(t('w', 'A', true, 1), 'fix it', 'done');
    const twin = loaded(t('l', 'A', false, 0), 'fix it', 'done');
    expect(TRL_DPO.build([win, twin], context)).toEqual({ skip: IDENTICAL_SIDES });
  });
});

describe('records without tool schemas', () => {
  // TRL hands `tools` to the chat template; Llama-3.x renders a tools block for an empty list.
  it('leave `tools` out in trl-sft and trl-dpo, and keep it when there are schemas', () => {
    const bare = loaded(t('w', 'A', true, 1), 'fix it', 'done');
    expect(TRL_SFT.build([bare], context)).toEqual({ record: { messages: bare.messages } });
    const schema = {
      type: 'function' as const,
      function: { name: 'bash', description: '', parameters: {} },
    };
    const withTools = { ...bare, tool_schemas: [schema] };
    const sft = TRL_SFT.build([withTools], context);
    expect(sft).toEqual({ record: { messages: bare.messages, tools: [schema] } });
    const loss = loaded(t('l', 'A', false, 0), 'fix it', 'gave up');
    expect(TRL_DPO.build([withTools, loss], context)).toMatchObject({
      record: { tools: [schema] },
    });
  });
});
