import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff';
import { argFields } from './tool-args';

// The renderer may not read files (runtime boundary), so this call's arguments are quoted from
// ../shared/samples/swe-agent-traj/function_calling_simple.traj.
const SWE_COMMAND = '{"command":"python tests/missing_colon.py"}';

describe('argFields', () => {
  it('splits a real SWE-agent call into fields and keeps the command as code', () => {
    const fields = argFields('bash', SWE_COMMAND);
    expect(fields?.map((f) => f.name)).toEqual(['command']);
    expect(fields?.[0]?.kind).toBe('code');
  });

  it('takes a short command as code only for a tool that runs code', () => {
    expect(argFields('run_command', '{"command":"ls -la"}')?.[0]?.kind).toBe('code');
    expect(argFields('run_tests', '{"input":"tests/unit"}')?.[0]?.kind).toBe('text');
  });

  it('keeps a short plain field as text', () => {
    const fields = argFields('open', '{"path":"tests/missing_colon.py"}');
    expect(fields).toEqual([{ kind: 'text', name: 'path', text: 'tests/missing_colon.py' }]);
  });

  it('turns an old_str/new_str pair into one edit', () => {
    const fields = argFields(
      'str_replace_editor',
      JSON.stringify({ command: 'str_replace', path: 'a.py', old_str: 'x = 1', new_str: 'x = 2' }),
    );
    expect(fields?.map((f) => f.kind)).toEqual(['text', 'text', 'edit']);
    expect(lineDiff('x = 1', 'x = 2\ny = 3')).toBe('-x = 1\n+x = 2\n+y = 3');
    expect(lineDiff('a\nx = 1', 'a\nx = 2')).toBe(' a\n-x = 1\n+x = 2');
  });

  it('returns null for arguments that are not a JSON object', () => {
    expect(argFields('bash', 'not json')).toBeNull();
    expect(argFields('bash', '[1,2]')).toBeNull();
  });

  it('shows numbers, booleans and null inline', () => {
    expect(argFields('web_browser_click', '{"element_id":151,"new_tab":false,"x":null}')).toEqual([
      { kind: 'text', name: 'element_id', text: '151' },
      { kind: 'text', name: 'new_tab', text: 'false' },
      { kind: 'text', name: 'x', text: 'null' },
    ]);
  });

  it('shows nested values as indented JSON', () => {
    const fields = argFields('t', '{"opts":{"a":1}}');
    expect(fields?.[0]).toEqual({
      kind: 'json',
      name: 'opts',
      text: '{\n  "a": 1\n}',
      value: { a: 1 },
    });
  });

  it('gives code fields the language of the file they write, or of the tool', () => {
    const create = argFields(
      'str_replace_editor',
      JSON.stringify({ command: 'create', path: '/repo/fix.py', file_text: 'import os\nprint(1)' }),
    );
    expect(create?.find((f) => f.name === 'file_text')).toMatchObject({
      kind: 'code',
      language: 'python',
    });
    const run = argFields('bash', JSON.stringify({ command: 'ls -la\ncat x' }));
    expect(run?.[0]).toMatchObject({ kind: 'code', language: 'bash' });
  });
});
