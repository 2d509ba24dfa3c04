// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RedactedText } from './RedactedText';
import { splitRedactions } from './redaction-markers';

afterEach(cleanup);

describe('redaction markers in the transcript', () => {
  it('cuts text around every marker, naming its kind', () => {
    expect(splitRedactions('key [REDACTED:github-pat], then [REDACTED:jwt]')).toEqual([
      { text: 'key ' },
      { kind: 'github-pat' },
      { text: ', then ' },
      { kind: 'jwt' },
    ]);
    expect(splitRedactions('nothing here')).toEqual([{ text: 'nothing here' }]);
    expect(splitRedactions('[REDACTED:<b>]')).toEqual([{ text: '[REDACTED:<b>]' }]);
  });

  it('shows each marker as a chip with the kind as text, and markup as text', () => {
    const { container } = render(
      <RedactedText text="<b>DB_PASSWORD</b>=[REDACTED:secret-named-field] ok" />,
    );
    const chip = screen.getByTestId('redaction-chip');
    expect(chip.textContent).toBe('secret-named-field');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>DB_PASSWORD</b>=secret-named-field ok');
  });
});
