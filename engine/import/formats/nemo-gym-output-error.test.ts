import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAllItems, samplePath, trajectoriesOf } from '../../testing/test-support';
import { nemoGymFormat } from './nemo-gym';
import { functionOutputError } from './nemo-gym-output-error';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures/nemo-gym', name);
const completed = { type: 'function_call_output', status: 'completed' };

describe('functionOutputError', () => {
  it('reads a non-zero exit code with the output as its message', () => {
    const output = JSON.stringify({ output: 'bash: bad interpreter', exit_code: 126, error: null });
    expect(functionOutputError(output, completed)).toEqual({
      kind: 'exit_code',
      message: 'bash: bad interpreter',
      exit_code: 126,
    });
    expect(functionOutputError('{"output": "ok", "exit_code": 0, "error": null}', completed)).toBe(
      null,
    );
  });

  it('reads an error field, a failed status and a Claude Code tool_use_error', () => {
    expect(
      functionOutputError('{"error": "Traceback (most recent call last)"}', completed),
    ).toEqual({ kind: 'error', message: 'Traceback (most recent call last)', exit_code: null });
    expect(functionOutputError('{"status": "error", "message": "no skill"}', completed)).toEqual({
      kind: 'error',
      message: 'no skill',
      exit_code: null,
    });
    expect(
      functionOutputError(
        '<tool_use_error>String to replace not found</tool_use_error>',
        completed,
      ),
    ).toEqual({ kind: 'error', message: 'String to replace not found', exit_code: null });
  });

  it('leaves plain text, JSON lists and successes alone; an incomplete item is a limit', () => {
    expect(functionOutputError('exit_code: 1 is what the test prints', completed)).toBe(null);
    expect(functionOutputError('[{"error": "x"}]', completed)).toBe(null);
    expect(functionOutputError('{"success": true, "error": ""}', completed)).toBe(null);
    expect(functionOutputError('{not json', completed)).toBe(null);
    expect(functionOutputError('partial', { ...completed, status: 'incomplete' })).toEqual({
      kind: 'limit',
      message: null,
      exit_code: null,
    });
  });
});

describe('nemo-gym tool errors on real rollouts', () => {
  it('flags the Hermes agent exit codes, 126 included (AnySWE, a real line)', async () => {
    const file = fixture('anyswe_hermes.example_rollouts.head1.jsonl');
    const [trajectory] = trajectoriesOf(await readAllItems(nemoGymFormat, file));
    const errors = (trajectory?.turns ?? []).flatMap((t, i) => (t.error ? [[i, t.error]] : []));
    expect(errors.map(([i, e]) => [i, (e as { exit_code: number }).exit_code])).toEqual([
      [9, 1],
      [11, 126],
      [15, 1],
      [19, 1],
    ]);
    expect(errors[1]?.[1]).toMatchObject({ message: expect.stringMatching(/^bash: .*pip/) });
  });

  it('flags a Claude Code refused edit (AnySWE, a real line)', async () => {
    const file = fixture('anyswe_claude_code.example_rollouts.head1.jsonl');
    const [trajectory] = trajectoriesOf(await readAllItems(nemoGymFormat, file));
    const errors = (trajectory?.turns ?? []).filter((t) => t.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.role).toBe('tool');
    expect(errors[0]?.error?.message).toMatch(/^String to replace not found in file/);
  });

  it('finds no error in the shared samples, whose tool outputs all succeeded', async () => {
    const file = samplePath('nemo-gym', 'example_mcp_weather.example_rollouts.jsonl');
    const turns = trajectoriesOf(await readAllItems(nemoGymFormat, file)).flatMap((t) => t.turns);
    expect(turns.filter((t) => t.role === 'tool').length).toBeGreaterThan(0);
    expect(turns.filter((t) => t.error)).toEqual([]);
  });
});
