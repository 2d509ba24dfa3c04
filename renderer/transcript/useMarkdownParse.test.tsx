// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown-parse';
import { MarkdownParser } from './markdown-parser';
import { MarkdownParserContext } from './markdown-parser-context';
import { useMarkdownParse } from './useMarkdownParse';

afterEach(cleanup);

/** A parser with a one-message cache whose worker answers at once. */
function smallParser() {
  return new MarkdownParser({
    cacheSize: 1,
    createWorker: (onReply) => {
      queueMicrotask(() => onReply({ id: 'ready' }));
      return {
        post: ({ id, text }) => queueMicrotask(() => onReply({ id, result: parseMarkdown(text) })),
        terminate: () => undefined,
      };
    },
  });
}

describe('useMarkdownParse', () => {
  it('is pending, then the parse; nothing for a message not to be parsed', async () => {
    const parser = smallParser();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MarkdownParserContext value={parser}>{children}</MarkdownParserContext>
    );
    const { result, rerender } = renderHook(({ text }) => useMarkdownParse(text), {
      initialProps: { text: '**a**' as string | null },
      wrapper,
    });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.kind).toBe('tree'));
    rerender({ text: null });
    expect(result.current).toBeUndefined();
  });

  it('keeps a shown result after the parser cache has let it go', async () => {
    const parser = smallParser();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MarkdownParserContext value={parser}>{children}</MarkdownParserContext>
    );
    const { result, rerender } = renderHook(({ text }) => useMarkdownParse(text), {
      initialProps: { text: 'kept **bold**' },
      wrapper,
    });
    await waitFor(() => expect(result.current?.kind).toBe('tree'));
    // Another message takes the only cache slot.
    await new Promise((resolve) => parser.request('other', resolve));
    expect(parser.peek('kept **bold**')).toBeUndefined();
    rerender({ text: 'kept **bold**' });
    expect(result.current?.kind).toBe('tree');
  });
});
