import { describe, expect, it } from 'vitest';
import { CHECKPOINT_MODEL, CHECKPOINT_OUT } from './checkpoint';
import { DEFAULT_OUT, parseCliArgs, UsageError } from './cli-options';
import { DEFAULT_ROLLOUT_OPTIONS } from './rollouts';

describe('demo:generate options', () => {
  it('defaults to 24 tasks x 8 rollouts into datasets/demo/demo.jsonl', () => {
    expect(parseCliArgs([])).toEqual({ ...DEFAULT_ROLLOUT_OPTIONS, out: DEFAULT_OUT, help: false });
    expect(DEFAULT_ROLLOUT_OPTIONS.tasks).toBe(24);
    expect(DEFAULT_ROLLOUT_OPTIONS.rollouts).toBe(8);
    expect(DEFAULT_OUT).toBe('datasets/demo/demo.jsonl');
  });

  it('accepts --flag value and --flag=value', () => {
    const options = parseCliArgs([
      '--tasks',
      '100',
      '--rollouts=4',
      '--seed',
      '0',
      '--out',
      '/tmp/x.jsonl',
      '--model=m',
    ]);
    expect(options).toMatchObject({
      tasks: 100,
      rollouts: 4,
      seed: 0,
      out: '/tmp/x.jsonl',
      model: 'm',
    });
    expect(parseCliArgs(['-h']).help).toBe(true);
  });

  it('switches to the checkpoint run, its model and its file with --checkpoint', () => {
    expect(parseCliArgs(['--checkpoint'])).toMatchObject({
      checkpoint: true,
      model: CHECKPOINT_MODEL,
      out: CHECKPOINT_OUT,
    });
    expect(CHECKPOINT_OUT).toBe('datasets/demo/checkpoint.jsonl');
    // Explicit values win whatever the order of the flags.
    expect(parseCliArgs(['--out', '/tmp/c.jsonl', '--model=m', '--checkpoint'])).toMatchObject({
      checkpoint: true,
      model: 'm',
      out: '/tmp/c.jsonl',
    });
    expect(parseCliArgs([]).checkpoint).toBe(false);
  });

  it('rejects bad input with a usage error', () => {
    for (const argv of [
      ['--tasks', '0'],
      ['--tasks', '2.5'],
      ['--rollouts'],
      ['--seed', 'x'],
      ['--out', ''],
      ['--what'],
      ['--checkpoint=yes'],
    ]) {
      expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
