import { describe, expect, it } from 'vitest';
import { resolveTab, visibleTabs } from '../tabs';

describe('quotation tool tabs', () => {
  it.each([
    { requested: undefined, caps: [], tab: 'Quotes', redirect: false },
    { requested: 'Quotes', caps: [], tab: 'Quotes', redirect: false },
    { requested: 'Projects', caps: [], tab: 'Projects', redirect: false },
    { requested: 'Archive', caps: [], tab: 'Archive', redirect: false },
    { requested: 'Nonsense', caps: ['QUOTATION_TOOL_READ'], tab: 'Quotes', redirect: true },
    { requested: 'quotes', caps: [], tab: 'Quotes', redirect: true },
    { requested: 'CustomerQuotes', caps: ['QUOTATION_TOOL_READ'], tab: 'CustomerQuotes', redirect: false },
    { requested: 'CustomerQuotes', caps: ['SALESQUOTE_EXECUTE'], tab: 'Quotes', redirect: true },
  ])('$requested with $caps shows $tab (redirect $redirect)', ({ requested, caps, tab, redirect }) => {
    expect(resolveTab(requested, caps)).toEqual({ tab, redirect });
  });

  it('shows the Customer quotes tab only with the hierarchy read right', () => {
    expect(visibleTabs([])).toEqual(['Quotes', 'Projects', 'Archive']);
    expect(visibleTabs(['QUOTATION_TOOL_READ'])).toEqual(['Quotes', 'Projects', 'Archive', 'CustomerQuotes']);
  });
});
