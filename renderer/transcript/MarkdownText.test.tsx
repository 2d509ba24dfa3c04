// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOMBS } from '../test/markdown-bombs';
import { MarkdownParser, type ParseReply } from './markdown-parser';
import { MarkdownParserContext } from './markdown-parser-context';
import { parseMarkdown } from './markdown-parse';
import { MarkdownText } from './MarkdownText';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('MarkdownText', () => {
  it('renders headings, lists, tables, emphasis and fenced code', () => {
    const text = [
      '# Plan',
      '',
      'Some **bold**, _em_, ~~gone~~ and `inline`.',
      '',
      '- one',
      '- two',
      '',
      '1. first',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```python',
      'import os',
      '```',
    ].join('\n');
    const { container, getByTestId } = render(<MarkdownText text={text} />);
    expect(container.querySelector('h1')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('em');
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('code')?.textContent).toBe('inline');
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'one',
      'two',
    ]);
    expect(container.querySelector('ol li')?.textContent).toBe('first');
    expect([...container.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1', '2']);
    // The transcript's own code colouring, language and all.
    const code = getByTestId('code-block');
    expect(code.getAttribute('data-language')).toBe('python');
    expect(code.textContent).toBe('import os');
    expect(code.querySelector('.tw-code-keyword')?.textContent).toBe('import');
  });

  it('keeps a single newline as a line break', () => {
    const { container } = render(<MarkdownText text={'line one\nline two'} />);
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelectorAll('br')).toHaveLength(1);
    expect(paragraph?.textContent?.replace(/\s+/g, ' ')).toBe('line one line two');
  });

  it('shows a redaction marker as the chip naming its rule, but not inside code', () => {
    const text = 'Use **[REDACTED:github-pat]** now;\nnot `[REDACTED:generic-api-key]`.';
    const { container } = render(<MarkdownText text={text} />);
    const chips = screen.getAllByTestId('redaction-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['github-pat']);
    expect(chips[0]?.closest('strong')).not.toBeNull();
    expect(container.querySelector('code')?.textContent).toBe('[REDACTED:generic-api-key]');
    expect(container.querySelector('[data-redaction]')).toBeNull();
  });

  it('shows raw HTML as literal text, never as elements', () => {
    const text = [
      '<script>window.__pwned = 1</script>',
      '',
      'inline <img src=x onerror="window.__pwned = 2"> and <b>bold</b>',
      '',
      '<iframe src="data:text/html,<script>parent.__pwned = 3</script>"></iframe>',
      '',
      '<svg onload="window.__pwned = 4"></svg>',
    ].join('\n');
    const { container } = render(<MarkdownText text={text} />);
    expect(container.querySelector('script, img, b, iframe, svg, [onerror], [onload]')).toBeNull();
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned = 2">');
    expect(container.textContent).toContain('<iframe src=');
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('keeps the lines of an HTML block, as a paragraph of text', () => {
    const { container } = render(<MarkdownText text={'<instructions>\n# Task\n</instructions>'} />);
    const paragraph = container.querySelector('p');
    expect(container.querySelector('h1')).toBeNull();
    expect(paragraph?.querySelectorAll('br')).toHaveLength(2);
    expect(paragraph?.textContent?.replace(/\s+/g, ' ')).toBe(
      '<instructions> # Task </instructions>',
    );
  });

  it('opens http(s) links on a click only, in a new context without opener or referrer', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { getAllByTestId, container } = render(
      <MarkdownText text={'[docs](https://example.com/a?b=1) and www.example.org'} />,
    );
    const links = getAllByTestId('markdown-link');
    expect(links.map((l) => l.textContent)).toEqual(['docs', 'www.example.org']);
    // Buttons, not hrefs: nothing can navigate the app window.
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(links[0] as HTMLElement);
    expect(open).toHaveBeenCalledWith('https://example.com/a?b=1', '_blank', 'noopener,noreferrer');
  });

  it('shows links of other schemes as plain text', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const text =
      '[js](javascript:alert(1)) [file](file:///etc/passwd) [mail](mailto:a@b.c) ' +
      '[creds](https://good.com@evil.com/) [anchor](#top) <javascript:alert(2)>';
    const { container, queryAllByTestId } = render(<MarkdownText text={text} />);
    expect(queryAllByTestId('markdown-link')).toEqual([]);
    expect(container.querySelector('a, button, [href]')).toBeNull();
    expect(container.textContent).toContain('js file mail creds anchor');
    fireEvent.click(container.querySelector('p') as HTMLElement);
    expect(open).not.toHaveBeenCalled();
  });

  it('never loads remote images and shows their URL as text', () => {
    const { container, getAllByTestId } = render(
      <MarkdownText text={'![pixel](http://evil.example/p.png) ![f](file:///x.png)'} />,
    );
    expect(container.querySelector('img, [src]')).toBeNull();
    expect(getAllByTestId('markdown-image-placeholder').map((p) => p.textContent)).toEqual([
      '[image: pixel — remote images are not loaded] http://evil.example/p.png',
      '[image: f — only inline images are shown] file:///x.png',
    ]);
  });

  it('shows inline data: raster images, but not inline SVG', () => {
    const { container, getByTestId } = render(
      <MarkdownText text={`![dot](${PNG}) ![svg](data:image/svg+xml;base64,PHN2Zz4=)`} />,
    );
    const img = getByTestId('markdown-image');
    expect(img.getAttribute('src')).toBe(PNG);
    expect(img.getAttribute('alt')).toBe('dot');
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.textContent).toContain('[image: svg — only inline images are shown]');
  });
});

/** A parser whose one worker starts at once and answers only when told (or never). */
function heldParser(budgetMs = 60_000) {
  const posted: { id: number; text: string }[] = [];
  let reply: (r: ParseReply) => void = () => undefined;
  const terminated: boolean[] = [];
  const parser = new MarkdownParser({
    budgetMs,
    createWorker: (onReply) => {
      reply = onReply;
      const index = terminated.push(false) - 1;
      queueMicrotask(() => onReply({ id: 'ready' }));
      return {
        post: (request) => posted.push(request),
        terminate: () => {
          terminated[index] = true;
        },
      };
    },
  });
  const answer = () => {
    for (const { id, text } of posted.splice(0)) reply({ id, result: parseMarkdown(text) });
  };
  return { parser, answer, terminated };
}

const renderWith = (parser: MarkdownParser, text: string) =>
  render(
    <MarkdownParserContext value={parser}>
      <MarkdownText text={text} />
    </MarkdownParserContext>,
  );

describe('MarkdownText, a message no parse can stall', () => {
  it.each(Object.entries(BOMBS))('shows the %s bomb as plain text with a note', (_, bomb) => {
    const { parser, terminated } = heldParser();
    renderWith(parser, bomb);
    expect(screen.getByTestId('markdown-plain').textContent).toBe(bomb);
    expect(screen.getByTestId('markdown-plain-note').textContent).toMatch(
      /^Shown as plain text: (it has [\d,]+ (emphasis markers|link brackets)|its quotes or lists nest [\d,]+ deep) \(the limit is [\d,]+\)\.$/,
    );
    // Routed before parsing: no worker was even started.
    expect(terminated).toEqual([]);
  });

  it('shows plain text while the worker parses, then the Markdown', async () => {
    const { parser, answer } = heldParser();
    const { container } = renderWith(parser, 'some **bold** text');
    const plain = screen.getByTestId('markdown-plain');
    expect(plain.dataset.state).toBe('pending');
    expect(plain.textContent).toBe('some **bold** text');
    expect(screen.queryByTestId('markdown-plain-note')).toBeNull();
    await act(async () => {
      await Promise.resolve();
      answer();
    });
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(screen.queryByTestId('markdown-plain')).toBeNull();
  });

  it('shows redactions as chips while the parse is pending, as after it', async () => {
    const { parser, answer } = heldParser();
    renderWith(parser, 'key: [REDACTED:aws-access-token] ok');
    const plain = screen.getByTestId('markdown-plain');
    expect(plain.dataset.state).toBe('pending');
    expect(plain.textContent).not.toContain('[REDACTED:');
    expect(screen.getByTestId('redaction-chip').textContent).toContain('aws-access-token');
    await act(async () => {
      await Promise.resolve();
      answer();
    });
    expect(screen.queryByTestId('markdown-plain')).toBeNull();
    expect(screen.getByTestId('redaction-chip').textContent).toContain('aws-access-token');
  });

  it('ends a parse that never returns and shows the message plain, saying why', async () => {
    const { parser, terminated } = heldParser(50);
    renderWith(parser, 'a *hung* parse');
    expect(screen.getByTestId('markdown-plain').dataset.state).toBe('pending');
    const note = await screen.findByTestId('markdown-plain-note', {}, { timeout: 5_000 });
    expect(note.textContent).toBe('Shown as plain text: formatting it took longer than 0.05 s.');
    expect(screen.getByTestId('markdown-plain').textContent).toBe('a *hung* parse');
    expect(terminated).toEqual([true]);
  });
});
