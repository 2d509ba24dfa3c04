// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTransport } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { ScrollBox, withScrollLayout } from '../test/scroll-box';
import { makeTurn } from '../test/turn';
import { TurnList } from './TurnList';

// Fenced code blocks break, as any component of a card might on some content.
vi.mock('./MarkdownCode', () => ({
  MarkdownCode: () => {
    throw new Error('the code view broke');
  },
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TurnErrorBoundary', () => {
  withScrollLayout();

  it('keeps a turn that fails to render inside its card, the others render', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const turns = [
      makeTurn({ turn_index: 0, role: 'user', content: 'Fix **the** bug' }),
      makeTurn({ turn_index: 1, role: 'assistant', content: 'Run:\n\n```sh\nmake\n```' }),
      makeTurn({ turn_index: 2, role: 'assistant', content: 'Done, _all_ green.' }),
    ];
    renderWithApi(
      <ScrollBox>
        <TurnList trajectoryId="ds:t" turns={turns} />
      </ScrollBox>,
      fakeTransport({}),
    );
    const cards = screen.getAllByTestId('turn');
    expect(cards.map((card) => card.id)).toEqual(['turn-0', 'turn-1', 'turn-2']);
    const [first, broken, last] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('the').tagName).toBe('STRONG');
    expect(within(last).getByText('all').tagName).toBe('EM');
    expect(broken.dataset.renderError).toBe('true');
    expect(within(broken).getByTestId('turn-render-error').textContent).toBe(
      'This turn could not be shown (the code view broke); its text is shown plain.',
    );
    expect(within(broken).getByTestId('turn-content').textContent).toBe('Run:\n\n```sh\nmake\n```');
    // The rest of the list still answers: another card's raw toggle works.
    fireEvent.click(within(last).getByTestId('turn-raw-toggle'));
    expect(within(last).getByTestId('turn-content').textContent).toBe('Done, _all_ green.');
  });
});
