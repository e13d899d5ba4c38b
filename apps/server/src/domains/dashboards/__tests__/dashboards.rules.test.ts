import { describe, expect, it } from 'vitest';
import { audienceOf, dashboardAction, sanitizeContent, sanitizeWidgetHtml } from '../dashboards.rules.js';

describe('sanitizeWidgetHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '&lt;img /&gt;'],
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<svg onload=alert(1)><circle/></svg>', '&lt;svg&gt;&lt;circle&gt;&lt;/svg&gt;'],
    ['<style>body{display:none}</style>', '&lt;style&gt;body{display:none}&lt;/style&gt;'],
    ['<iframe src="https://evil.example"></iframe>', '&lt;iframe&gt;&lt;/iframe&gt;'],
    ['<p onclick="alert(1)" style="color:red" class="x">Hi</p>', '<p>Hi</p>'],
    ['<body onload=alert(1)>text', '&lt;body&gt;text'],
    ['<math><mtext><img src=x onerror=alert(1)></mtext></math>', '&lt;math&gt;&lt;mtext&gt;&lt;img /&gt;&lt;/mtext&gt;&lt;/math&gt;'],
  ])('keeps %s from ever running (it shows as text)', (html, expected) => {
    expect(sanitizeWidgetHtml(html)).toBe(expected);
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="//evil.example/">x</a>',
  ])('drops the link target of %s', (html) => {
    expect(sanitizeWidgetHtml(html)).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('keeps http, https and mailto links, opening in a new tab without access to the portal', () => {
    expect(sanitizeWidgetHtml('<a href="https://example.com/a?b=1" target="_self" onclick="x">a</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">a</a>',
    );
    expect(sanitizeWidgetHtml('<a href="mailto:help@example.com">m</a>')).toContain('href="mailto:help@example.com"');
    expect(sanitizeWidgetHtml('<a href="http://example.com">h</a>')).toContain('href="http://example.com"');
  });

  it('keeps basic formatting, headings, lists and tables', () => {
    const html =
      '<h1>T</h1><h3>S</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s><br></p><ul><li>one</li></ul><ol start="3"><li>two</li></ol>' +
      '<blockquote>q</blockquote><table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>';
    expect(sanitizeWidgetHtml(html)).toBe(html.replace('<br>', '<br />'));
  });
});

describe('sanitizeContent', () => {
  it('sanitises text widgets and trims video links', () => {
    expect(
      sanitizeContent({
        a1: { type: 'text', html: '<p onmouseover="x">Hi</p>' },
        a2: { type: 'video', url: ' https://youtu.be/dQw4w9WgXcQ ' },
      }),
    ).toEqual({ a1: { type: 'text', html: '<p>Hi</p>' }, a2: { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' } });
  });
});

describe('audienceOf', () => {
  it('[M6.17] sees Company dashboards under a company and Reseller dashboards as a reseller’s own staff', () => {
    expect(audienceOf('Company')).toBe('Company');
    expect(audienceOf('Reseller')).toBe('Reseller');
    expect(audienceOf('Provider')).toBeNull();
    expect(audienceOf(null)).toBeNull();
  });
});

describe('dashboardAction', () => {
  it('names a save that changes published a publish or an unpublish', () => {
    expect(dashboardAction({ published: false }, { published: true })).toBe('publish');
    expect(dashboardAction({ published: true }, { published: false })).toBe('unpublish');
    expect(dashboardAction({ published: true }, { published: true })).toBe('update');
  });
});
