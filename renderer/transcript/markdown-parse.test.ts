import type { Element, Nodes } from 'hast';
import { describe, expect, it } from 'vitest';
import { BOMBS } from '../test/markdown-bombs';
import { MAX_TREE_DEPTH, parseMarkdown } from './markdown-parse';

function elements(node: Nodes): Element[] {
  const own = node.type === 'element' ? [node] : [];
  return 'children' in node ? [...own, ...node.children.flatMap(elements)] : own;
}

describe('parseMarkdown', () => {
  it('gives a hast tree as plain data, its URLs already checked', () => {
    const result = parseMarkdown('**b** [ok](https://a.example/) [js](javascript:alert(1))');
    if (result.kind !== 'tree') throw new Error(result.reason);
    // Plain data: it survives a structured clone, which is how it leaves the worker.
    const tree = structuredClone(result.tree);
    const tags = elements(tree).map((e) => e.tagName);
    expect(tags).toEqual(['p', 'strong', 'a', 'a']);
    const hrefs = elements(tree)
      .filter((e) => e.tagName === 'a')
      .map((e) => e.properties.href);
    expect(hrefs).toEqual(['https://a.example/', '']);
  });

  it('keeps raw HTML as text', () => {
    const result = parseMarkdown('<script>x()</script>\n\na <b>b</b>');
    if (result.kind !== 'tree') throw new Error(result.reason);
    expect(elements(result.tree).map((e) => e.tagName)).toEqual(['p', 'p']);
  });

  it('turns a parser crash into a plain-text verdict instead of throwing', () => {
    // 8,000 nested quotes overflow the parser's stack (the caps keep them from reaching it).
    const result = parseMarkdown(BOMBS.nestedQuotes);
    expect(result).toEqual({
      kind: 'plain',
      reason: expect.stringMatching(/^the Markdown parser failed \(RangeError/) as string,
    });
  });

  it('refuses a tree deeper than the page should render', () => {
    expect(parseMarkdown(`${'> '.repeat(MAX_TREE_DEPTH)}deep`)).toEqual({
      kind: 'plain',
      reason: `its formatting nests deeper than ${MAX_TREE_DEPTH} levels`,
    });
    expect(parseMarkdown(`${'> '.repeat(20)}deep`).kind).toBe('tree');
  });
});
