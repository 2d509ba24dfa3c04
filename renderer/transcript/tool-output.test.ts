import { describe, expect, it } from 'vitest';
import { foldLines, readOutput, unwrapOutput } from './tool-output';

describe('unwrapOutput', () => {
  it('unwraps a NeMo Gym anyswe style {"content": "..."} observation', () => {
    // The wrapper shape issue 18 reports for NeMo Gym anyswe observations.
    const stored = JSON.stringify({ content: 'total 8\ndrwxr-xr-x 2 root root 4096 .\n' });
    expect(unwrapOutput(stored)).toBe('total 8\ndrwxr-xr-x 2 root root 4096 .\n');
  });

  it('indents other JSON and leaves plain text alone', () => {
    expect(unwrapOutput('{"a":1,"b":2}')).toBe('{\n  "a": 1,\n  "b": 2\n}');
    expect(unwrapOutput('{not json')).toBe('{not json');
    expect(unwrapOutput('plain\ntext')).toBe('plain\ntext');
  });
});

describe('readOutput', () => {
  it('unwraps a Hermes tool result to its output, with the small fields beside it', () => {
    // The shape AnySWE Hermes tools answer (NeMo Gym example_rollouts_hermes.jsonl).
    const stored = JSON.stringify({
      output: 'bash: /agent_deps_mount/bin/pip: bad interpreter\nsecond line',
      exit_code: 126,
      error: null,
    });
    expect(readOutput(stored)).toEqual({
      kind: 'text',
      text: 'bash: /agent_deps_mount/bin/pip: bad interpreter\nsecond line',
      facts: [{ name: 'exit_code', value: '126' }],
    });
  });

  it("unwraps mini-swe-agent's <returncode>/<output> template", () => {
    // As in astropy__astropy-12907.traj.json.
    const stored =
      '<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\n  x\n</output>';
    expect(readOutput(stored)).toEqual({
      kind: 'text',
      text: 'Traceback (most recent call last):\n  x',
      facts: [{ name: 'returncode', value: '1' }],
    });
    expect(readOutput('<returncode>0</returncode> no output tag')).toMatchObject({ facts: [] });
    // A preview cut before </output>.
    expect(readOutput('<returncode>0</returncode>\n<output>\n# Licensed').text).toBe('# Licensed');
  });

  it('unwraps a short output too when its field is a text field', () => {
    expect(readOutput('{"output": "ok", "exit_code": 0, "error": null}')).toEqual({
      kind: 'text',
      text: 'ok',
      facts: [{ name: 'exit_code', value: '0' }],
    });
  });

  it('keeps other JSON as a value for the tree, with its indented text', () => {
    const stored = '{"matches":[{"path":"a.py","line":3}],"total_count":1}';
    const read = readOutput(stored);
    expect(read.kind).toBe('json');
    expect(read.kind === 'json' && read.value).toEqual(JSON.parse(stored));
    expect(read.text).toBe(JSON.stringify(JSON.parse(stored), null, 2));
    // Two bodies: no single text to unwrap.
    const two = JSON.stringify({ stdout: 'a\nb', stderr: 'c\nd' });
    expect(readOutput(two).kind).toBe('json');
    expect(readOutput('[1, 2]').kind).toBe('json');
  });

  it('leaves text, scalars and broken JSON as text', () => {
    expect(readOutput('42')).toEqual({ kind: 'text', text: '42', facts: [] });
    expect(readOutput('{"a": 1')).toEqual({ kind: 'text', text: '{"a": 1', facts: [] });
    expect(readOutput('total 8')).toEqual({ kind: 'text', text: 'total 8', facts: [] });
  });
});

describe('foldLines', () => {
  it('keeps short output whole and folds long output to head and tail', () => {
    expect(foldLines('a\nb')).toBeNull();
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);
    const fold = foldLines(lines.join('\n'));
    expect(fold?.hidden).toBe(140);
    expect(fold?.head.split('\n').at(-1)).toBe('line 40');
    expect(fold?.tail.split('\n')[0]).toBe('line 181');
  });
});
