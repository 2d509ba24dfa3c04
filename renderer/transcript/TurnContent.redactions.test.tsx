// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTransport } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { makeTurn } from '../test/turn';
import { TurnContent } from './TurnContent';

afterEach(cleanup);

const OUTPUT = 'Connecting with DB_PASSWORD=[REDACTED:secret-named-field] as app';

describe('redactions in a turn', () => {
  it('shows each marker of a plain tool output as a chip naming its rule', () => {
    renderWithApi(
      <TurnContent trajectoryId="ds:1" turn={makeTurn({ role: 'tool', content: OUTPUT })} />,
      fakeTransport({}),
    );
    expect(screen.getByTestId('redaction-chip').textContent).toBe('secret-named-field');
    expect(screen.getByTestId('turn-content').textContent).not.toContain('[REDACTED:');
  });

  it('keeps the stored marker in the raw view and while searching', () => {
    const turn = makeTurn({ role: 'tool', content: OUTPUT });
    renderWithApi(<TurnContent trajectoryId="ds:1" turn={turn} raw />, fakeTransport({}));
    expect(screen.queryByTestId('redaction-chip')).toBeNull();
    expect(screen.getByTestId('turn-content').textContent).toBe(OUTPUT);
    cleanup();
    renderWithApi(
      <TurnContent trajectoryId="ds:1" turn={turn} highlight="app" />,
      fakeTransport({}),
    );
    expect(screen.queryByTestId('redaction-chip')).toBeNull();
  });
});
