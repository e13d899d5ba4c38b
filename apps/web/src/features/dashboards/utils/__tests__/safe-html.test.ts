// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeWidgetHtml } from '../safe-html';

describe('a text widget put in the page', () => {
  it('keeps formatting, lists, headings and links', () => {
    const html = safeWidgetHtml('<h2>News</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>One</li></ul>');

    expect(html).toBe('<h2>News</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>One</li></ul>');
  });

  it.each([
    ['an image with an event handler', '<img src=x onerror=window.__x=1>text'],
    ['a script', '<script>window.__x=1</script>text'],
    ['an svg with onload', '<svg onload="window.__x=1"><circle /></svg>text'],
    ['an iframe', '<iframe src="https://example.com"></iframe>text'],
    ['an inline handler on a paragraph', '<p onclick="window.__x=1">text</p>'],
    ['a style block', '<style>body{display:none}</style>text'],
  ])('drops %s and keeps only its text', (_case, input) => {
    const html = safeWidgetHtml(input);

    expect(html).not.toMatch(/<img|<script|<svg|<iframe|<style|on\w+=/i);
    expect(html).toContain('text');
  });

  it('drops javascript: links but keeps their text, and opens safe links in a new tab', () => {
    expect(safeWidgetHtml('<a href="javascript:alert(1)">bad</a>')).toBe('<a target="_blank" rel="noopener noreferrer">bad</a>');
    expect(safeWidgetHtml('<a href="https://example.com">good</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
    );
  });
});
