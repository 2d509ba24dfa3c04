import { describe, expect, it } from 'vitest';
import { branchLabels, type BranchTurn } from './branch-labels';

const call = (name: string, args: unknown) => ({ name, arguments: JSON.stringify(args) });
const action = (...calls: BranchTurn['tool_calls']): BranchTurn => ({
  role: 'assistant',
  preview: '',
  tool_calls: calls,
});

describe('branchLabels', () => {
  it('shows the arguments that differ between siblings calling the same tool', () => {
    const labels = branchLabels([
      action(call('read_file', { path: 'src/a.py', encoding: 'utf8' })),
      action(call('read_file', { path: 'src/b.py', encoding: 'utf8' })),
    ]);
    expect(labels).toEqual([
      'assistant · read_file(path=src/a.py)',
      'assistant · read_file(path=src/b.py)',
    ]);
  });

  it('compares a call with the same tool only, as in the demo edit_file siblings', () => {
    const edit = (to: string) =>
      action(call('edit_file', { path: 'pager.py', old_str: 'page * size', new_str: to }));
    expect(
      branchLabels([edit('(page + 1)'), edit('(page - 1)'), action(call('run_tests', {}))]),
    ).toEqual([
      'assistant · edit_file(new_str=(page + 1))',
      'assistant · edit_file(new_str=(page - 1))',
      'assistant · run_tests()',
    ]);
  });

  it('shows every argument when the calls differ only by tool', () => {
    expect(
      branchLabels([
        action(call('list_dir', { path: '.' })),
        action(call('read_file', { path: '.' })),
      ]),
    ).toEqual(['assistant · list_dir(path=.)', 'assistant · read_file(path=.)']);
  });

  it('counts a key one sibling lacks as differing, and cuts long values to one line', () => {
    const long = `line one\n${'x'.repeat(100)}`;
    const [first, second] = branchLabels([
      action(call('bash', { command: long })),
      action(call('bash', { command: 'ls', timeout: 5 })),
    ]);
    expect(first).toBe(`assistant · bash(command=line one ${'x'.repeat(51)}…)`);
    expect(second).toBe('assistant · bash(command=ls, timeout=5)');
  });

  it('shows message text, and cut or non-JSON arguments as text', () => {
    expect(
      branchLabels([
        { role: 'assistant', preview: 'I will   look\nfirst', tool_calls: [] },
        { role: 'assistant', preview: null, tool_calls: [{ name: 'sh', arguments: '{"cmd": "l' }] },
        { role: 'user', preview: '', tool_calls: [] },
      ]),
    ).toEqual(['assistant · I will look first', 'assistant · sh({"cmd": "l)', 'user · (empty)']);
  });
});
