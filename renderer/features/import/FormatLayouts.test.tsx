// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormatInfo } from '../../../shared/model';
import { FormatLayouts } from './FormatLayouts';

const FORMATS: FormatInfo[] = [
  {
    name: 'inspect',
    description: 'Inspect AI eval logs',
    extensions: ['.eval'],
    layouts: [
      { layout: '.eval zip, chunked samples', checked: 'inspect_ai 0.3.260' },
      { layout: '.json log (format v2)', checked: 'Inspect AI test logs' },
    ],
  },
  {
    name: 'claude-code',
    description: 'Claude Code session logs',
    extensions: ['.jsonl'],
    layouts: [{ layout: 'agent-<id>.jsonl beside the session', checked: 'Claude Code 2.0.64' }],
  },
];

afterEach(cleanup);

describe('FormatLayouts', () => {
  it("lists the chosen format's layouts with what each was checked against", () => {
    render(<FormatLayouts formats={FORMATS} selected="inspect" />);
    const list = screen.getByTestId('format-layouts');
    expect(list.textContent).toContain('.eval zip, chunked samples (checked: inspect_ai 0.3.260)');
    expect(list.textContent).not.toContain('Claude Code');
  });

  it('lists every format behind a toggle for auto-detect, and nothing for a mapping', () => {
    const { rerender } = render(<FormatLayouts formats={FORMATS} selected="auto" />);
    expect(screen.queryByTestId('format-layouts')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the 2 formats auto-detect reads' }));
    expect(screen.getByTestId('format-layouts').textContent).toContain(
      'agent-<id>.jsonl beside the session (checked: Claude Code 2.0.64)',
    );
    rerender(<FormatLayouts formats={FORMATS} selected="mapping" />);
    expect(screen.queryByTestId('format-layouts')).toBeNull();
  });
});
