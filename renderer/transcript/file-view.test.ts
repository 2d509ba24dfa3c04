import { describe, expect, it } from 'vitest';
import { fileView } from './file-view';
import { tracebackLines } from './traceback';

describe('fileView', () => {
  it("reads SWE-agent's open: the header's path, numbered lines and the trailer", () => {
    // As in pydicom__pydicom-1458.old-v0.traj.
    const text = [
      '[File: /pydicom__pydicom/reproduce_bug.py (18 lines total)]',
      '1:import numpy as np',
      '2:from pydicom.dataset import Dataset, FileMetaDataset',
      '3:',
      '4:ds = Dataset()',
      '(14 more lines below)',
    ].join('\n');
    expect(fileView(text)).toEqual({
      path: '/pydicom__pydicom/reproduce_bug.py',
      before: '[File: /pydicom__pydicom/reproduce_bug.py (18 lines total)]',
      numbers: ['1', '2', '3', '4'],
      code: 'import numpy as np\nfrom pydicom.dataset import Dataset, FileMetaDataset\n\nds = Dataset()',
      after: '(14 more lines below)',
      language: 'python',
    });
  });

  it('reads cat -n and Claude Code Read views, and the str_replace_editor header', () => {
    const text =
      "Here's the result of running `cat -n` on /testbed/setup.cfg:\n     1\t[metadata]\n     2\tname = astropy\n     3\tauthor = x";
    const view = fileView(text);
    expect(view?.path).toBe('/testbed/setup.cfg');
    expect(view?.language).toBe('ini');
    expect(view?.numbers).toEqual(['1', '2', '3']);
    expect(fileView('1\t# Licensed\n2\t\n3\t"""\n4\tFunctions')?.code).toBe(
      '# Licensed\n\n"""\nFunctions',
    );
  });

  it('is not fooled by numbers that do not count up or by a few quoted lines', () => {
    expect(fileView('1: a\n5: b\n9: c')).toBeNull();
    expect(fileView('1\ta\n2\tb')).toBeNull();
    const prose = `${'I looked at the file and think the bug is here. '.repeat(10)}\n1: a\n2: b\n3: c`;
    expect(fileView(prose)).toBeNull();
  });
});

describe('tracebackLines', () => {
  it('marks the header, frames, code and exception of a Python traceback', () => {
    // As in the AnySWE Hermes rollout (turn 15).
    const text = [
      'running',
      'Traceback (most recent call last):',
      '  File "<string>", line 1, in <module>',
      '  File "/testbed/astropy/__init__.py", line 41, in <module>',
      '    from . import config as _config  # noqa: E402',
      "ModuleNotFoundError: No module named 'erfa'",
      'exit 1',
    ].join('\n');
    expect(tracebackLines(text)).toEqual([
      'plain',
      'header',
      'frame',
      'frame',
      'code',
      'exception',
      'plain',
    ]);
    expect(tracebackLines('no traceback here')).toBeNull();
  });
});
