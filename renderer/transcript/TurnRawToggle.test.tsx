// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/model';
import { fakeTransport } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { TurnCard } from './TurnCard';
import { makeTurn } from '../test/turn';

afterEach(cleanup);

const TEXT = '## Result\n\nThe fix is **done**:\n\n- tests pass\n- <b>no</b> HTML';

function turn(partial: Partial<Turn> & Pick<Turn, 'role'>): Turn {
  return makeTurn({ content: TEXT, ...partial });
}

function card(t: Turn, highlight = '') {
  renderWithApi(<TurnCard trajectoryId="ds:1" turn={t} highlight={highlight} />, fakeTransport({}));
  return screen.getByTestId('turn');
}

describe('the per-turn raw toggle', () => {
  it('switches one message between Markdown and the exact stored text', () => {
    const view = card(turn({ role: 'assistant' }));
    const content = () => within(view).getByTestId('turn-content');
    expect(content().querySelector('h2')?.textContent).toBe('Result');
    expect(content().querySelector('strong')?.textContent).toBe('done');
    expect(content().querySelector('b')).toBeNull();

    const toggle = within(view).getByTestId('turn-raw-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(content().tagName).toBe('PRE');
    expect(content().textContent).toBe(TEXT);

    fireEvent.click(toggle);
    expect(content().querySelector('strong')?.textContent).toBe('done');
  });

  it('shows plain text with the matches marked while searching', () => {
    const view = card(turn({ role: 'user' }), 'done');
    const content = within(view).getByTestId('turn-content');
    expect(content.tagName).toBe('PRE');
    expect(content.textContent).toBe(TEXT);
    expect(content.querySelector('mark')?.textContent).toBe('done');
  });

  it('leaves observations and diffs as they were, without a toggle', () => {
    for (const t of [
      turn({ role: 'tool' }),
      turn({ role: 'environment' }),
      turn({ role: 'assistant', content: '--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b' }),
    ]) {
      const view = card(t);
      expect(within(view).queryByTestId('turn-raw-toggle')).toBeNull();
      expect(within(view).getByTestId('turn-content').tagName).toBe('PRE');
      expect(view.querySelector('strong, ul, h2')).toBeNull();
      cleanup();
    }
  });
});
