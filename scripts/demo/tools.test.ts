import { describe, expect, it } from 'vitest';
import { executeTool, toolSpecsFor } from './tools';
import { VirtualFs } from './virtual-fs';

const repo = (): VirtualFs =>
  new VirtualFs({
    'README.md': '# demo\n',
    'src/app/a.py': 'x = 1\ny = 1\n',
    'src/app/b.py': 'x = 2\n',
  });

describe('tools', () => {
  it('offer OpenAI function specs per family', () => {
    expect(toolSpecsFor('repair').map((t) => t.function.name)).toEqual([
      'list_dir',
      'read_file',
      'grep',
      'edit_file',
      'write_file',
      'run_tests',
      'submit',
    ]);
    const submit = toolSpecsFor('investigate').find((t) => t.function.name === 'submit');
    expect(submit?.function.parameters.required).toEqual(['answer']);
    for (const spec of toolSpecsFor('repair')) expect(spec.type).toBe('function');
  });

  it('list, read and grep the current state', () => {
    const fs = repo();
    expect(executeTool(fs, 'list_dir', { path: '.' }).observation).toBe('README.md\nsrc/');
    expect(executeTool(fs, 'list_dir', { path: '/repo/src/app/' }).observation).toBe('a.py\nb.py');
    expect(executeTool(fs, 'read_file', { path: 'src/app/a.py' }).observation).toBe(
      '     1\tx = 1\n     2\ty = 1',
    );
    expect(executeTool(fs, 'read_file', { path: 'nope.py' }).observation).toMatch(/No such file/);
    expect(executeTool(fs, 'grep', { pattern: 'x =' }).observation).toBe(
      'src/app/a.py:1:x = 1\nsrc/app/b.py:1:x = 2',
    );
    expect(executeTool(fs, 'grep', { pattern: 'zzz' }).observation).toBe('No matches for "zzz".');
  });

  it('edit exactly one occurrence and report failures without changing anything', () => {
    const fs = repo();
    const ambiguous = executeTool(fs, 'edit_file', {
      path: 'src/app/a.py',
      old_str: ' = 1',
      new_str: ' = 3',
    });
    expect(ambiguous.mutated).toBe(false);
    expect(ambiguous.observation).toMatch(/occurs 2 times/);
    expect(
      executeTool(fs, 'edit_file', { path: 'src/app/a.py', old_str: 'q', new_str: 'r' })
        .observation,
    ).toMatch(/not found/);
    const edit = executeTool(fs, 'edit_file', {
      path: 'src/app/a.py',
      old_str: 'y = 1',
      new_str: 'y = $&',
    });
    expect(edit.mutated).toBe(true);
    expect(fs.read('src/app/a.py')).toBe('x = 1\ny = $&\n');
    expect(
      executeTool(fs, 'write_file', { path: 'new/c.py', content: 'z = 0\n' }).observation,
    ).toBe('Created new/c.py (6 bytes).');
    expect(fs.read('new/c.py')).toBe('z = 0\n');
  });

  it('end the episode with the submission', () => {
    expect(executeTool(repo(), 'submit', { answer: '42' }).submission).toBe('42');
    expect(executeTool(repo(), 'teleport', {}).observation).toBe('Unknown tool: teleport');
  });
});
