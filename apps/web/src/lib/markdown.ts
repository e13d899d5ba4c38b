import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Markdown (descriptions, terms, the post-creation message [S2.10], [S2.11]) as HTML that is safe to
 * insert: marked renders it, DOMPurify removes scripts, event handlers and javascript: links.
 */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
