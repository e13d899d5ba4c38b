/**
 * Pure rules of the landing dashboards: the text widget's html sanitiser, the audience of a user and what an audit
 * row keeps of a dashboard.
 */
import type { DashboardAudience, DashboardContent, DashboardWidget } from '@portal/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * What a text widget may hold: basic formatting, headings, lists, quotes, tables and links (http, https and mailto
 * only; each opens in a new tab without access to the portal). Anything else (script, style, iframe, img, svg,
 * forms...) is not dropped silently but escaped, so it shows as the text the author typed and never runs; every
 * attribute not listed (on* handlers, style, class, src...) is removed.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'small',
    'mark',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.title ? { title: attribs.title } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** A text widget's html with only the safe formatting kept (see OPTIONS). */
export function sanitizeWidgetHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The content as it is stored: text widgets sanitised, video links trimmed (the schema validated them). */
export function sanitizeContent(content: DashboardContent): DashboardContent {
  const clean: Record<string, DashboardWidget> = {};
  for (const [slot, widget] of Object.entries(content)) {
    clean[slot] = widget.type === 'text' ? { type: 'text', html: sanitizeWidgetHtml(widget.html) } : { type: 'video', url: widget.url.trim() };
  }
  return clean;
}

/**
 * [M7.6] Whose landing pages a user sees, from the nearest organisation above the user: under a company (also
 * through departments) 'Company'; a reseller's own staff 'Reseller'; the provider's own staff none.
 */
export function audienceOf(nearestOrganisationType: string | null): DashboardAudience | null {
  if (nearestOrganisationType === 'Company') return 'Company';
  if (nearestOrganisationType === 'Reseller') return 'Reseller';
  return null;
}

/** What changed between two saved states, for the audit row of an update. */
export function dashboardAction(before: { published: boolean }, after: { published: boolean }): 'publish' | 'unpublish' | 'update' {
  if (!before.published && after.published) return 'publish';
  if (before.published && !after.published) return 'unpublish';
  return 'update';
}
