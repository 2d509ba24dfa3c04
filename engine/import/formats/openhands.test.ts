import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readAllItems,
  samplePath,
  tempDir,
  trajectoriesOf,
  writeJsonl,
} from '../../testing/test-support';
import { openhandsFormat } from './openhands';
import { redactTrajectory } from '../../secrets/redact-trajectory';

const sample = (name: string) => samplePath('openhands', name);
const EVAL = 'multi_swe_bench_eval_output.jsonl';
const DEMO_JSONL = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
const head = (file: string) => readFileSync(file, 'utf8').slice(0, 1 << 20);

async function all(file: string, options = {}) {
  return trajectoriesOf(await readAllItems(openhandsFormat, file, options));
}

// An older resolver output line: flattened events without id or source.
const resolverRecord = {
  issue: { owner: 'neubig', repo: 'pr-viewer', number: 5, title: 'Add MIT license', body: 'long' },
  issue_type: 'issue',
  instruction: 'Please fix the issue',
  git_patch: 'diff --git a/LICENSE b/LICENSE',
  history: [
    { content: 'Please fix the issue', images_urls: null, action: 'message' },
    { command: 'touch LICENSE', thought: 'Create the file.', action: 'run', keep_prompt: true },
    {
      content: '\r\nroot@x:/workspace # ',
      command: 'touch LICENSE',
      exit_code: 0,
      observation: 'run',
    },
    { outputs: {}, thought: 'Done.', action: 'finish' },
  ],
  metrics: { accumulated_cost: 0.07, costs: [0.01, 0.02] },
  success: true,
  result_explanation: 'Added the license.',
  error: null,
};

describe('openhands', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);
  const write = (name: string, value: unknown) => {
    const file = path.join(temp.dir, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };

  it('flags non-zero exit codes and error observations as turn errors', async () => {
    // Counted from the raw file: observations with a non-zero extras(.metadata).exit_code.
    const expected: number[] = [];
    for (const line of readFileSync(sample(EVAL), 'utf8').split('\n').filter(Boolean)) {
      const record = JSON.parse(line) as { history?: Record<string, unknown>[] };
      for (const event of record.history ?? []) {
        const extras = (event.extras ?? {}) as {
          exit_code?: unknown;
          metadata?: { exit_code?: unknown };
        };
        const code = extras.exit_code ?? extras.metadata?.exit_code;
        if (
          event.observation &&
          event.observation !== 'error' &&
          typeof code === 'number' &&
          code !== 0
        ) {
          expected.push(code);
        }
      }
    }
    const turns = (await all(sample(EVAL))).flatMap((t) => t.turns);
    const errors = turns.flatMap((turn) => (turn.error ? [turn.error] : []));
    const codes = errors.filter((error) => error.kind === 'exit_code');
    expect(codes.map((error) => error.exit_code).sort((a, b) => Number(a) - Number(b))).toEqual(
      expected.sort((a, b) => a - b),
    );
    expect(codes.length).toBe(19);
    const observed = errors.filter((error) => error.kind === 'error');
    expect(observed).toHaveLength(2);
    expect(observed.every((error) => (error.message ?? '').length > 0)).toBe(true);
    // A zero exit code is not an error.
    expect(turns.filter((turn) => turn.metadata?.exit_code === 0).every((t) => !t.error)).toBe(
      true,
    );
  });

  it('reads a V0 event list with tool calls rebuilt from tool_call_metadata', async () => {
    const [t, ...rest] = await all(sample('basic.json'));
    expect(rest).toHaveLength(0);
    expect(t?.turns.map((turn) => turn.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const edit = t?.turns[1];
    expect(edit).toMatchObject({ is_action: true, n_tokens: 1135 });
    expect(edit?.content).toMatch(/^I'll help you create a simple 2048 game/);
    expect(edit?.tool_calls[0]?.id).toBe('toolu_017nBp7UfiGqyrA7j77HgtFP');
    expect(edit?.tool_calls[0]?.name).toBe('str_replace_editor');
    expect(JSON.parse(edit?.tool_calls[0]?.arguments ?? '{}')).toMatchObject({
      command: 'create',
      path: '/workspace/game_2048.py',
    });
    expect(t?.turns[2]).toMatchObject({
      tool_call_id: 'toolu_017nBp7UfiGqyrA7j77HgtFP',
      metadata: { event_id: '4', cause: '3', observation: 'edit' },
    });
    expect(t?.turns[2]?.content).toMatch(/^--- \/workspace\/game_2048.py/);
    // The new file's text lives in the tool call and the diff, not again in metadata.
    expect(JSON.stringify(t?.turns[2]?.metadata)).not.toContain('new_content');
    expect(t?.turns[3]?.tool_calls).toEqual([
      { id: 'toolu_01BUKu3B7nY574atNECkBiFk', name: 'finish', arguments: '{}' },
    ]);
    expect(t).toMatchObject({
      source_id: 'basic',
      task_id: null,
      model: 'claude-3-5-sonnet-20241022',
      reward: null,
      success: null,
    });
  });

  it('reads a chat-only event list', async () => {
    const [t] = await all(sample('basic_interactions.json'));
    expect(t?.turns.map((turn) => [turn.role, turn.is_action])).toEqual([
      ['user', false],
      ['assistant', false],
      ['user', false],
      ['assistant', false],
      ['user', false],
      ['assistant', true],
    ]);
    expect(t?.turns[1]?.content).toBe('1 + 1 equals 2.');
    expect(t?.turns[5]?.tool_calls[0]?.name).toBe('finish');
  });

  it('reads EvalOutput JSONL: system prompt, tools, recall, redacted llm_config', async () => {
    const ts = await all(sample(EVAL));
    expect(ts.map((t) => [t.source_id, t.turns.length])).toEqual([
      ['ponylang__ponyc-4595', 48],
      ['ponylang__ponyc-4593', 69],
      ['ponylang__ponyc-4588', 102],
    ]);
    const t = ts[0];
    expect(t?.turns.slice(0, 5).map((turn) => turn.role)).toEqual([
      'system',
      'user',
      'environment',
      'assistant',
      'tool',
    ]);
    expect(t?.tools).toHaveLength(4);
    expect(t?.turns[3]?.tool_calls).toEqual([
      {
        id: 'toolu_01',
        name: 'execute_bash',
        arguments: '{"command":"ls -l /workspace/ponylang__ponyc__0.1"}',
      },
    ]);
    expect(t?.turns[4]).toMatchObject({ tool_call_id: 'toolu_01', metadata: { exit_code: 0 } });
    expect(t).toMatchObject({
      task_id: 'ponylang__ponyc-4595',
      group_id: 'ponylang__ponyc-4595',
      model: 'openai/openrouter-llama-4-maverick',
      reward: null,
      success: null,
    });
    expect(t?.metadata).toMatchObject({ kind: 'eval_output', skipped_events: 1, error: null });
    // The reader keeps llm_config's key, which OpenHands had already masked: the import leaves a
    // mask alone, as a placeholder is no secret (secrets/secret-names.ts).
    const redacted = t === undefined ? undefined : redactTrajectory(t);
    const llm = (
      redacted?.trajectory.metadata?.eval_metadata as { llm_config: Record<string, unknown> }
    ).llm_config;
    expect(llm.api_key).toBe('**********');
    expect(redacted?.redactions).toEqual([]);
    expect(ts[2]?.metadata?.error).toMatch(/maximum iteration/);
    for (const turn of ts.flatMap((one) => one.turns)) {
      if (turn.role === 'tool' || turn.role === 'environment') {
        expect(JSON.stringify(turn.metadata ?? {}).length).toBeLessThan(3000);
      }
    }
  });

  it('joins a report by instance id and honours field options', async () => {
    const report = write('report.json', {
      resolved_ids: ['ponylang__ponyc-4595'],
      unresolved_ids: ['ponylang__ponyc-4593'],
    });
    const ts = await all(sample(EVAL), { report });
    expect(ts.map((t) => t.success)).toEqual([true, false, null]);
    expect(ts.map((t) => t.reward)).toEqual([1, 0, null]);
    const grouped = await all(sample(EVAL), {
      task_field: 'instance.repo',
      group_field: 'metadata.agent_class',
    });
    expect(grouped[0]).toMatchObject({ task_id: 'ponylang/ponyc', group_id: 'CodeActAgent' });
    const scored = await readAllItems(openhandsFormat, sample(EVAL), {
      reward_field: 'metrics.accumulated_cost',
      success_field: 'error',
    });
    expect(scored.slice(0, 2)).toMatchObject([
      { kind: 'trajectory', trajectory: { reward: 0, success: null } },
      { kind: 'trajectory', trajectory: { reward: 0, success: null } },
    ]);
    // The third record's error is a message, not a flag: a bad record, not a guess.
    expect(scored[2]).toEqual({
      kind: 'error',
      line: 3,
      reason: 'error: expected true, false, 0 or 1',
    });
    const typo = await readAllItems(openhandsFormat, sample(EVAL), { task_field: 'instance.rpo' });
    expect(typo[0]).toEqual({
      kind: 'error',
      line: 1,
      reason: 'instance.rpo: not found in the record',
    });
  });

  it('reads [action, observation] pair histories with an in-record resolution', async () => {
    const file = writeJsonl(path.join(temp.dir, 'pairs.jsonl'), [
      {
        instance_id: 'django__django-1',
        instruction: 'fix',
        metadata: { llm_config: { model: 'gpt-4', api_key: 'sk-abcdefghijklmnopqrstu' } },
        history: [
          [
            { id: 0, source: 'user', message: 'fix', action: 'message', args: { content: 'fix' } },
            { message: 'No observation', observation: 'null', content: '', extras: {} },
          ],
          [
            {
              id: 1,
              source: 'agent',
              action: 'run',
              message: 'Running',
              args: { command: 'ls', thought: 'Look.' },
            },
            {
              id: 2,
              cause: 1,
              source: 'agent',
              observation: 'run',
              content: 'a.py',
              extras: { exit_code: 0 },
            },
          ],
          [
            {
              id: 3,
              source: 'agent',
              action: 'change_agent_state',
              args: { agent_state: 'finished', thought: '' },
            },
            {
              id: 4,
              source: 'environment',
              observation: 'agent_state_changed',
              content: '',
              extras: {},
            },
          ],
        ],
        test_result: { git_patch: 'diff', report: { resolved: true } },
        metrics: { accumulated_cost: 1 },
        error: null,
      },
    ]);
    const [t] = await all(file);
    expect(t?.turns.map((turn) => [turn.role, turn.content])).toEqual([
      ['user', 'fix'],
      ['assistant', 'Look.'],
      ['environment', 'a.py'],
    ]);
    expect(t?.turns[1]).toMatchObject({
      is_action: true,
      tool_calls: [],
      metadata: { action: 'ls' },
    });
    expect(t).toMatchObject({ reward: 1, success: true, model: 'gpt-4' });
    expect(t?.metadata?.skipped_events).toBe(3);
    const redacted = t === undefined ? undefined : redactTrajectory(t).trajectory;
    expect(JSON.stringify(redacted?.metadata)).not.toContain('sk-abcdef');
  });

  it('reads resolver output with flattened events', async () => {
    const file = writeJsonl(path.join(temp.dir, 'output.jsonl'), [resolverRecord]);
    const [t] = await all(file);
    expect(t?.turns.map((turn) => turn.role)).toEqual([
      'user',
      'assistant',
      'environment',
      'assistant',
    ]);
    expect(t?.turns[1]).toMatchObject({
      content: 'Create the file.',
      is_action: true,
      metadata: { action: 'touch LICENSE', args: { command: 'touch LICENSE', keep_prompt: true } },
    });
    expect(t?.turns[2]?.metadata).toMatchObject({ exit_code: 0, observation: 'run' });
    expect(t?.turns[3]).toMatchObject({
      content: 'Done.',
      is_action: true,
      metadata: { action: 'finish' },
    });
    expect(t).toMatchObject({ task_id: 'neubig/pr-viewer#5', reward: 1, success: true });
    expect(t?.metadata).toMatchObject({
      kind: 'resolver',
      result_explanation: 'Added the license.',
    });
    expect(t?.metadata?.issue).not.toHaveProperty('body');
  });

  it('reports malformed records at their line and keeps reading', async () => {
    const file = writeJsonl(path.join(temp.dir, 'bad.jsonl'), [
      resolverRecord,
      '{"instance_id": "x", "history": [',
      { instance_id: 'y', history: [{ action: 'run', args: 'ls' }] },
      { instance_id: 'z', history: 'nope' },
      { ...resolverRecord, success: false },
    ]);
    const items = await readAllItems(openhandsFormat, file);
    expect(items.map((item) => [item.kind, item.line])).toEqual([
      ['trajectory', 1],
      ['error', 2],
      ['error', 3],
      ['error', 4],
      ['trajectory', 5],
    ]);
    expect(items[2]).toMatchObject({ reason: 'history[0].args: expected an object' });
    expect(items[3]).toMatchObject({ reason: 'history: expected a list of events' });
    // The same issue twice gets a distinct id.
    expect(items[4]).toMatchObject({
      trajectory: { source_id: 'neubig/pr-viewer#5#2', success: false },
    });
    const events = write(
      'events.json',
      '[\n{"id": 0, "source": "user", "action": "message", "args": {"content": "hi"}},\n{"id": 1, "source": "agent"}\n]',
    );
    expect(await readAllItems(openhandsFormat, events)).toEqual([
      {
        kind: 'error',
        line: 3,
        reason: 'events[1]: expected an event with a string "action" or "observation"',
      },
    ]);
  });

  it('detects its files and not predictions or turnwise lines', () => {
    for (const name of ['basic.json', 'basic_interactions.json', EVAL]) {
      expect(
        openhandsFormat.detect({ path: sample(name), head: head(sample(name)) }),
      ).toBeGreaterThanOrEqual(0.85);
    }
    // A record cut before its history (metadata.agent_class seen), and one cut inside it.
    for (const size of [7000, 20000]) {
      const cut = head(sample(EVAL)).slice(0, size);
      expect(openhandsFormat.detect({ path: sample(EVAL), head: cut })).toBeGreaterThanOrEqual(
        0.85,
      );
    }
    const preds = sample('swe_bench_example_model_output.json');
    expect(openhandsFormat.detect({ path: preds, head: head(preds) })).toBeLessThan(0.5);
    const demoLine = head(DEMO_JSONL).split('\n')[0] ?? '';
    expect(openhandsFormat.detect({ path: DEMO_JSONL, head: demoLine })).toBeLessThan(0.5);
    const resolver = JSON.stringify(resolverRecord);
    expect(openhandsFormat.detect({ path: 'output.jsonl', head: resolver })).toBeGreaterThanOrEqual(
      0.85,
    );
  });
});
