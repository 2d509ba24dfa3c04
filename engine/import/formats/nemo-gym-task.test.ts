import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readAllItems,
  samplePath,
  tempDir,
  trajectoriesOf,
  writeJsonl,
} from '../../testing/test-support';
import { nemoGymFormat } from './nemo-gym';

const ANYSWE = path.join(
  import.meta.dirname,
  'fixtures/nemo-gym/anyswe_pi.example_rollouts.head2.jsonl',
);

function firstRecord(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8').split('\n')[0] ?? '') as Record<string, unknown>;
}

describe('nemo-gym agent rollouts (AnySWE, real lines)', () => {
  it('takes the instance id as task and global group, and imports the prompt', async () => {
    const trajectories = trajectoriesOf(await readAllItems(nemoGymFormat, ANYSWE));
    expect(trajectories).toHaveLength(2);
    for (const t of trajectories) {
      expect(t).toMatchObject({
        task_id: 'astropy__astropy-12907',
        group_id: 'astropy__astropy-12907',
        group_scope: 'global',
      });
    }
    expect(trajectories.map((t) => t.source_id)).toEqual([
      'astropy__astropy-12907:rollout0',
      'astropy__astropy-12907:rollout2',
    ]);
    // `resolved` is the format's verdict; the reward is kept as it is.
    expect(trajectories.map((t) => [t.reward, t.success])).toEqual([
      [1, true],
      [0, false],
    ]);

    const record = firstRecord(ANYSWE);
    const params = record.responses_create_params as { metadata: Record<string, unknown> };
    const turns = trajectories[0]?.turns ?? [];
    expect(turns.slice(0, 3).map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(turns[0]).toMatchObject({
      content:
        'Fix the bug in the repository at /testbed. Inspect and edit the source, run relevant ' +
        'checks, and leave the final fix applied.',
      metadata: { source: 'instance_config.agent_kwargs.system_prompt' },
    });
    expect(turns[1]?.content).toBe(params.metadata.problem_statement);
    expect(turns[1]?.content).toMatch(/^Modeling's `separability_matrix` does not compute/);
    expect(turns[1]?.metadata).toEqual({
      source: 'responses_create_params.metadata.problem_statement',
    });
    expect(turns[2]?.content).toMatch(/^I need to investigate the separability/);
    // The rest of the request metadata is kept; the statement is not stored twice.
    const request = trajectories[0]?.metadata?.request_metadata as Record<string, unknown>;
    expect(request).toMatchObject({
      instance_id: 'astropy__astropy-12907',
      dataset_name: 'princeton-nlp/SWE-bench_Verified',
      split: 'test',
    });
    expect(request).not.toHaveProperty('problem_statement');
  });

  it('detects the rollouts, whole or cut in the head', () => {
    const head = readFileSync(ANYSWE, 'utf8');
    expect(nemoGymFormat.detect({ path: ANYSWE, head })).toBe(0.95);
    expect(
      nemoGymFormat.detect({ path: ANYSWE, head: head.slice(0, 4000) }),
    ).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps per-file task indexes file-scoped on math and tool rollouts', async () => {
    const file = samplePath(
      'nemo-gym',
      'competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
    );
    const trajectories = trajectoriesOf(await readAllItems(nemoGymFormat, file));
    expect(new Set(trajectories.map((t) => t.group_scope))).toEqual(new Set(['file']));
    // Their prompt is in `input`: nothing is added before it.
    expect(trajectories[0]?.turns[0]?.metadata ?? null).toBeNull();
    expect(trajectories[0]?.metadata).not.toHaveProperty('request_metadata');
  });
});

describe('nemo-gym record prompts (synthetic)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  const rollout = (input: unknown[], extra: Record<string, unknown> = {}) => ({
    responses_create_params: {
      input,
      metadata: { instance_id: 'repo__x-1', problem_statement: 'Fix the crash.' },
    },
    response: {
      output: [{ type: 'message', role: 'assistant', content: 'On it.' }],
      // As finance_agent_v2's rollouts: why the agent stopped.
      metadata: { stop_reason: 'done_tool', steps: '4' },
    },
    instance_config: { agent_kwargs: { system_prompt: 'You fix bugs.' } },
    _ng_task_index: 3,
    ...extra,
  });

  it('adds only what the opening lacks, after its system turns', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = writeJsonl(path.join(temp.dir, 'r.jsonl'), [
      rollout([{ role: 'user', content: 'Rendered task prompt.' }]),
      rollout([{ role: 'developer', content: 'Harness system prompt.' }]),
      rollout([], { instance_config: { agent_kwargs: { system_prompt: '  ' } } }),
    ]);
    const [withUser, withSystem, bare] = trajectoriesOf(await readAllItems(nemoGymFormat, file));
    const roles = (t: typeof withUser) => t?.turns.map((turn) => [turn.role, turn.content]);
    expect(roles(withUser)).toEqual([
      ['system', 'You fix bugs.'],
      ['user', 'Rendered task prompt.'],
      ['assistant', 'On it.'],
    ]);
    expect(roles(withSystem)).toEqual([
      ['system', 'Harness system prompt.'],
      ['user', 'Fix the crash.'],
      ['assistant', 'On it.'],
    ]);
    expect(roles(bare)).toEqual([
      ['user', 'Fix the crash.'],
      ['assistant', 'On it.'],
    ]);
    // The statement stays in the request metadata where it was not imported as a turn.
    expect(withUser?.metadata?.request_metadata).toMatchObject({
      problem_statement: 'Fix the crash.',
    });
    expect(withUser?.metadata?.response_metadata).toEqual({ stop_reason: 'done_tool', steps: '4' });
    // The instance id in the request metadata wins over the per-file task index.
    expect(withUser).toMatchObject({ task_id: 'repo__x-1', group_scope: 'global' });
  });

  it('leaves a task named by an option file-scoped', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = writeJsonl(path.join(temp.dir, 'r.jsonl'), [rollout([])]);
    const [byOption] = trajectoriesOf(
      await readAllItems(nemoGymFormat, file, {
        task_field: 'responses_create_params.metadata.instance_id',
      }),
    );
    expect(byOption).toMatchObject({ task_id: 'repo__x-1', group_scope: 'file' });
    const [byGroup] = trajectoriesOf(
      await readAllItems(nemoGymFormat, file, { group_field: '_ng_task_index' }),
    );
    expect(byGroup).toMatchObject({ task_id: 'repo__x-1', group_id: '3', group_scope: 'file' });
  });
});
