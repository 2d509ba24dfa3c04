import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { miniSweAgentFormat } from './mini-swe-agent';
import { redactTrajectory } from '../../secrets/redact-trajectory';

const sample = (name: string) => samplePath('mini-swe-agent', name);
const V2 = 'astropy__astropy-12907.traj.json';
const DEMO_JSONL = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');

async function one(file: string, options = {}) {
  const [trajectory, ...rest] = trajectoriesOf(
    await readAllItems(miniSweAgentFormat, file, options),
  );
  expect(rest).toHaveLength(0);
  if (!trajectory) throw new Error('no trajectory');
  return trajectory;
}

const head = (file: string) => readFileSync(file, 'utf8').slice(0, 1 << 20);

describe('mini-swe-agent', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);
  const write = (name: string, value: unknown) => {
    const file = path.join(temp.dir, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };

  it('reads a real v2 tool-call run', async () => {
    const t = await one(sample(V2));
    expect(t.turns).toHaveLength(130);
    const roles = t.turns.map((turn) => turn.role);
    expect(roles.filter((role) => role === 'assistant')).toHaveLength(64);
    expect(roles.filter((role) => role === 'tool')).toHaveLength(63);
    expect(roles.slice(0, 4)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(t.turns[2]).toMatchObject({
      content: 'Let me start by understanding the issue and finding the relevant code.',
      is_action: true,
      n_tokens: 76,
      tool_calls: [
        {
          id: 'call_00_KVNoGhlWmTJUowwDsUa74968',
          name: 'bash',
          arguments: JSON.stringify({
            command: 'cd /testbed && find . -path "*/separable*" -type f | head -20',
          }),
        },
      ],
    });
    expect(t.turns[2]?.metadata).toMatchObject({
      response_id: 'ed6f8441-eedd-4ccc-be7e-18705f8aa707',
    });
    expect(t.turns[3]).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_00_KVNoGhlWmTJUowwDsUa74968',
      content: '<returncode>0</returncode>\n<output>\n./astropy/modeling/separable.py\n</output>',
      metadata: { returncode: 0 },
    });
    // raw_output repeats the content: not kept in metadata.
    expect(JSON.stringify(t.turns[3]?.metadata)).not.toContain('raw_output');
    const exit = t.turns[129];
    expect(exit?.role).toBe('environment');
    expect(exit?.content).toMatch(/^diff --git a\/astropy\/modeling\/separable.py/);
    expect(exit?.metadata).toEqual({ exit: true, exit_status: 'Submitted' });
    expect(t).toMatchObject({
      source_id: 'astropy__astropy-12907',
      task_id: 'astropy__astropy-12907',
      group_id: 'astropy__astropy-12907',
      model: 'deepseek/deepseek-chat',
      reward: null,
      success: null,
    });
    expect(t.metadata).toMatchObject({
      trajectory_format: 'mini-swe-agent-1.1',
      mini_version: '2.3.0',
      exit_status: 'Submitted',
      model_stats: { api_calls: 64 },
    });
  });

  it('flags non-zero return codes as turn errors, in v2 extras and v1 observation text', async () => {
    // Counted from the raw files: 15 observations with returncode 1 in v2, 2 in the v1 list.
    const v2 = await one(sample(V2));
    const v2Errors = v2.turns.filter((turn) => turn.error);
    expect(v2Errors).toHaveLength(15);
    expect(v2Errors.every((turn) => turn.role === 'tool')).toBe(true);
    expect(v2Errors[0]?.error).toEqual({ kind: 'exit_code', message: null, exit_code: 1 });
    expect(v2.turns.filter((turn) => turn.metadata?.returncode === 0).some((t) => t.error)).toBe(
      false,
    );
    const v1 = await one(sample('github_issue.traj.json'));
    const v1Errors = v1.turns.filter((turn) => turn.error);
    expect(v1Errors).toHaveLength(2);
    expect(v1Errors.every((turn) => turn.content.startsWith('<returncode>1</returncode>'))).toBe(
      true,
    );
    expect((await one(sample('local.traj.json'))).turns.some((turn) => turn.error)).toBe(false);
  });

  it('reads legacy message lists with bash-block text actions', async () => {
    const t = await one(sample('github_issue.traj.json'));
    expect(t.turns).toHaveLength(22);
    expect(t.turns.slice(0, 4).map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'environment',
    ]);
    expect(t.turns[2]).toMatchObject({ is_action: true, tool_calls: [] });
    expect(t.turns[2]?.metadata?.action).toBe(
      'cat /Users/fuchur/Documents/24/git_sync/swe-agent-test-repo/tests/./missing_colon.py',
    );
    expect(t.turns[3]?.content).toMatch(/^<returncode>1<\/returncode>/);
    expect(t.turns.filter((turn) => turn.is_action)).toHaveLength(10);
    expect(t).toMatchObject({ task_id: 'github_issue', model: null, reward: null });
    expect(t.metadata).toEqual({ trajectory_format: 'legacy-list' });

    const local = await one(sample('local.traj.json'));
    expect(local.turns.map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'assistant',
      'environment',
      'assistant',
      'environment',
    ]);
    expect(local.turns[4]?.metadata?.action).toBe('echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT');
  });

  it('joins a report, and refuses the predictions dict as one', async () => {
    const report = write('report.json', { 'astropy__astropy-12907': { resolved: true } });
    const t = await one(sample(V2), { report });
    expect([t.reward, t.success]).toEqual([1, true]);
    await expect(
      readAllItems(miniSweAgentFormat, sample(V2), { report: sample('results.json') }),
    ).rejects.toThrow(/carries no resolution/);
  });

  it('reads v2 text-mode actions from extra.actions and redacts the config', async () => {
    const file = write('repo__x-2.traj.json', {
      trajectory_format: 'mini-swe-agent-1',
      info: {
        exit_status: 'LimitsExceeded',
        mini_version: '1.9.0',
        config: {
          model: {
            model_name: 'claude-x',
            model_kwargs: { api_key: 'sk-secret-1234567890abcdef' },
          },
        },
      },
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'task' },
        {
          role: 'assistant',
          content: 'THOUGHT: look\n\n```bash\nls\n```',
          extra: { actions: [{ command: 'ls' }], response: { usage: { completion_tokens: 9 } } },
        },
        {
          role: 'user',
          content: '<returncode>0</returncode>',
          extra: { returncode: 0, raw_output: 'x' },
        },
        { role: 'assistant', content: 'two\n```bash\na\n```\n```bash\nb\n```' },
        { role: 'user', content: 'Please always provide EXACTLY ONE action' },
        { role: 'exit', content: '', extra: { exit_status: 'LimitsExceeded', submission: '' } },
      ],
    });
    const t = await one(file);
    expect(t.task_id).toBe('repo__x-2');
    expect(t.model).toBe('claude-x');
    expect(t.turns[2]).toMatchObject({ is_action: true, n_tokens: 9, metadata: { action: 'ls' } });
    expect(t.turns[3]).toMatchObject({
      role: 'environment',
      metadata: { returncode: 0, original_role: 'user' },
    });
    expect(t.turns[4]).toMatchObject({ is_action: false, metadata: { action_blocks: 2 } });
    expect(t.turns[6]).toMatchObject({
      role: 'environment',
      metadata: { exit_status: 'LimitsExceeded' },
    });
    // The reader keeps info.config's key; the import redacts it.
    expect(JSON.stringify(redactTrajectory(t).trajectory.metadata)).not.toContain('sk-secret');
  });

  it('reports malformed files with the field path', async () => {
    const badRole = write('bad.traj.json', [{ role: 'system', content: 'x' }, { role: 'robot' }]);
    expect(await readAllItems(miniSweAgentFormat, badRole)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: expect.stringMatching(/^\[1\]\.role: unknown role "robot"/) as unknown,
      },
    ]);
    const badContent = write('bad2.traj.json', { messages: [{ role: 'user', content: 5 }] });
    expect(await readAllItems(miniSweAgentFormat, badContent)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason: 'messages[0].content: expected a string, a list of parts or null',
      },
    ]);
    const badJson = write('bad3.traj.json', '[\n{"role": "user", "content": "a"},\n{oops}\n]');
    expect(await readAllItems(miniSweAgentFormat, badJson)).toMatchObject([
      { kind: 'error', line: 3 },
    ]);
  });

  it('detects its files and not predictions or turnwise lines', () => {
    for (const name of [V2, 'github_issue.traj.json', 'local.traj.json']) {
      expect(
        miniSweAgentFormat.detect({ path: sample(name), head: head(sample(name)) }),
      ).toBeGreaterThanOrEqual(0.85);
    }
    const results = sample('results.json');
    expect(miniSweAgentFormat.detect({ path: results, head: head(results) })).toBeLessThan(0.5);
    const traj = samplePath('swe-agent-traj', 'swe-agent__test-repo-i1.traj');
    expect(miniSweAgentFormat.detect({ path: traj, head: head(traj) })).toBe(0);
    const demoLine = head(DEMO_JSONL).split('\n')[0] ?? '';
    expect(miniSweAgentFormat.detect({ path: DEMO_JSONL, head: demoLine })).toBeLessThan(0.5);
  });
});
