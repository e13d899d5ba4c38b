import DOMPurify from 'dompurify';

/** What a text widget may hold: the server's allow-list (formatting, lists, headings, tables, links). */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'hr',
  'code',
  'pre',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'colspan', 'rowspan'];
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * A text widget's html as it may be put in the page. The server sanitises on save; this is the second line, so
 * a widget saved before that rule or by another path still never runs a script or an event handler: tags outside
 * the allow-list are dropped (their text stays), every attribute but a link's is dropped, and links go only to
 * http, https or mailto addresses, opening in a new tab.
 */
export function safeWidgetHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_LINK,
    RETURN_TRUSTED_TYPE: false,
  });
  // Links open outside the portal and do not hand it to the page they open.
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a')) {
    const target = link.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(target)) link.removeAttribute('href');
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
