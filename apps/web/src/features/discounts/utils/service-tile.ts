/**
 * [A9.3] How the Discount tab shows a service: the icon's size in a discount card and in the add-service search, and
 * the search's cut of a long service name.
 */

/** [A9.3] The service icon in a discount card, in px. */
export const CARD_ICON_SIZE = 110;
/** [A9.3] The service icon on a tile of the add-service search, in px. */
export const SEARCH_ICON_SIZE = 60;

/** [A9.3] A name longer than this many characters is cut in the search... */
export const SEARCH_NAME_MAX = 49;
/** ...to its first this many characters and an ellipsis. */
export const SEARCH_NAME_KEPT = 46;
export const ELLIPSIS = '…';

/**
 * The user-perceived characters of a text (grapheme clusters, decision 0066): an emoji, a flag or a letter with its
 * accent counts as one and is never split. Without Intl.Segmenter, code points.
 */
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/**
 * [A9.3] A service name as a tile of the discount search shows it: a name of more than 49 characters becomes its
 * first 46 characters and "…"; a shorter one is kept whole.
 *
 * @example cutServiceName('Microsoft 365 Business Standard') === 'Microsoft 365 Business Standard'
 */
export function cutServiceName(name: string): string {
  const chars = characters(name);
  if (chars.length <= SEARCH_NAME_MAX) return name;
  return `${chars.slice(0, SEARCH_NAME_KEPT).join('')}${ELLIPSIS}`;
}
