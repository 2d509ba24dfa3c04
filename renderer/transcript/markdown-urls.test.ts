import { describe, expect, it } from 'vitest';
import { isInlineImage, linkUrlOf, markdownUrl } from './markdown-urls';

describe('markdown URLs', () => {
  it('makes links of http(s) URLs only, normalised, without credentials', () => {
    expect(linkUrlOf('https://arxiv.org/abs/2501.00001')).toBe('https://arxiv.org/abs/2501.00001');
    expect(linkUrlOf('HTTP://Example.com')).toBe('http://example.com/');
    for (const url of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'mailto:a@b.c',
      'app://turnwise/index.html',
      '#top',
      '/relative',
      'https://good.com@evil.com/',
      `https://example.com/${'a'.repeat(5000)}`,
    ]) {
      expect(linkUrlOf(url)).toBeNull();
    }
  });

  it('loads base64 raster data: images only', () => {
    expect(isInlineImage('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isInlineImage('data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isInlineImage('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isInlineImage('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isInlineImage('data:image/png,<svg onload=alert(1)>')).toBe(false);
    expect(isInlineImage('https://example.com/a.png')).toBe(false);
  });

  it('empties hrefs that are not links, keeps image sources for the image component', () => {
    expect(markdownUrl('https://example.com', 'href')).toBe('https://example.com/');
    expect(markdownUrl('javascript:alert(1)', 'href')).toBe('');
    expect(markdownUrl('http://evil.example/p.png', 'src')).toBe('http://evil.example/p.png');
    expect(markdownUrl('http://evil.example/', 'cite')).toBe('');
  });
});
