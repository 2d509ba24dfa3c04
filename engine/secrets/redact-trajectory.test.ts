import { describe, expect, it } from 'vitest';
import { plainTurn, type CanonicalTrajectory } from '../chat/canonical';
import { prepareTrajectory } from '../import/prepared-trajectory';
import { plantedSecrets } from '../testing/planted-secrets';
import { redactTrajectory } from './redact-trajectory';

const [aws, , github] = plantedSecrets();

function trajectory(id: string, tools: unknown[]): CanonicalTrajectory {
  return {
    source_id: id,
    task_id: null,
    group_id: null,
    sample_index: null,
    model: null,
    reward: null,
    success: null,
    metadata: null,
    // A fresh copy per record, as JSON.parse gives each line its own.
    tools: JSON.parse(JSON.stringify(tools)) as unknown[],
    turns: [plainTurn('user', 'hello')],
  };
}

describe('redacting tool descriptions', () => {
  const tools = [{ name: 'deploy', description: `uses ${aws?.secret ?? ''} to upload` }];
  const other = [{ name: 'push', description: `token ${github?.secret ?? ''}` }];

  it('redacts and counts the same tools in every trajectory, walking them once', () => {
    const [a, b, c] = [tools, tools, other].map((t, i) => redactTrajectory(trajectory(`t${i}`, t)));
    for (const result of [a, b]) {
      expect(result?.trajectory.tools).toEqual([
        { name: 'deploy', description: 'uses [REDACTED:aws-access-token] to upload' },
      ]);
      expect(result?.redactions).toEqual([
        { turn_index: null, field: 'tool_descriptions', kind: 'aws-access-token', count: 1 },
      ]);
    }
    expect(a?.trajectory.tools).toBe(b?.trajectory.tools);
    expect(c?.trajectory.tools).toEqual([
      { name: 'push', description: 'token [REDACTED:github-pat]' },
    ]);
    expect(c?.redactions).toEqual([
      { turn_index: null, field: 'tool_descriptions', kind: 'github-pat', count: 1 },
    ]);
  });

  it('tells lists apart that differ only in key order, nesting or one value', () => {
    const base = { name: 'deploy', parameters: { type: 'object', required: ['a', 'b'] } };
    const variants: unknown[][] = [
      [base],
      [{ ...base, parameters: { type: 'object', required: ['a'] } }], // a shorter list inside
      [{ parameters: base.parameters, name: 'deploy' }], // keys in another order
      [{ ...base, parameters: { type: 'object', required: ['a', 'b'], extra: null } }],
      [base, base],
      [{ ...base, description: `uses ${aws?.secret ?? ''}` }],
      [base],
    ];
    const results = variants.map((t, i) => redactTrajectory(trajectory(`v${i}`, t)));
    results.forEach((result, i) => {
      const expected = JSON.parse(
        JSON.stringify(variants[i]).replace(aws?.secret ?? '', '[REDACTED:aws-access-token]'),
      ) as unknown;
      // The same text, key order included.
      expect(JSON.stringify(result.trajectory.tools)).toBe(JSON.stringify(expected));
    });
    expect(results[5]?.redactions).toEqual([
      { turn_index: null, field: 'tool_descriptions', kind: 'aws-access-token', count: 1 },
    ]);
    expect(results[6]?.redactions).toEqual([]);
  });

  it('stores the same text for them, redacted or kept', () => {
    const stored = (keep: boolean) =>
      [tools, tools].map((t, i) => prepareTrajectory(trajectory(`t${i}`, t), keep).tools);
    expect(stored(false)).toEqual([
      '[{"description":"uses [REDACTED:aws-access-token] to upload","name":"deploy"}]',
      '[{"description":"uses [REDACTED:aws-access-token] to upload","name":"deploy"}]',
    ]);
    const kept = stored(true);
    expect(kept[0]).toContain(aws?.secret);
    expect(kept[1]).toBe(kept[0]);
  });
});

describe('redacting turn errors', () => {
  it('redacts an error message and records it as turn_error', () => {
    const read = trajectory('e', []);
    read.turns = [
      plainTurn('user', 'deploy it'),
      {
        ...plainTurn('tool', 'failed'),
        error: { kind: 'error', message: `bad key ${github?.secret ?? ''}`, exit_code: null },
      },
    ];
    const { trajectory: out, redactions } = redactTrajectory(read);
    expect(out.turns[1]?.error).toEqual({
      kind: 'error',
      message: 'bad key [REDACTED:github-pat]',
      exit_code: null,
    });
    expect(redactions).toContainEqual({
      turn_index: 1,
      field: 'turn_error',
      kind: 'github-pat',
      count: 1,
    });
  });
});

describe('redacting what the task gave the agent', () => {
  it('keeps a password of the prompt where the agent uses it, not a real credential', () => {
    const read = trajectory('p', []);
    read.turns = [
      plainTurn('user', `Log in with password Tr0ub4dor-x9 and push with ${github?.secret ?? ''}`),
      plainTurn('assistant', 'mysql -u admin --password=Tr0ub4dor-x9'),
      plainTurn('tool', 'DB_PASSWORD=Zq8Kf3Lm9Px2-w'),
    ];
    const { trajectory: out } = redactTrajectory(read);
    const [prompt, command, output] = out.turns.map((turn) => turn.content);
    expect(prompt).toBe('Log in with password Tr0ub4dor-x9 and push with [REDACTED:github-pat]');
    expect(command).toBe('mysql -u admin --password=Tr0ub4dor-x9');
    // Not the task's: both the generic rule and the named key find it.
    expect(output).toMatch(/^DB_PASSWORD=\[REDACTED:[a-z-]+\]$/);
  });
});
