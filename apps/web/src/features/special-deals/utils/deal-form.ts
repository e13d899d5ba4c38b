import type { ChargeStream, SpecialDeal, SpecialDealChange, SpecialDealItem } from '@portal/contracts';

/** The key of one priced item of a charge stream: its priceable item in one currency. */
export const itemKey = (priceableItemId: string, currency: string) => `${priceableItemId}|${currency}`;

/** What the panel of one charge stream edits: the pricing mode, a price or percent per item, the end date, comments. */
export interface DealDraft {
  percentMode: boolean;
  /** By itemKey: the text typed for that item (a custom price or a percent, per `percentMode`). */
  values: Record<string, string>;
  /** An ISO instant, or '' for No end date. */
  validUntil: string;
  comments: string;
}

/** [A4.5] The three states a panel shows: no deal, a saved deal as it is, a saved deal with unsaved changes. */
export type DealStatus = 'Inactive' | 'Active' | 'Modified';

/** The draft a panel starts from: the saved deal's values, or empty values in custom-price mode without one. */
export function draftOf(stream: ChargeStream, deal: SpecialDeal | null): DealDraft {
  const values: Record<string, string> = {};
  for (const line of stream.Subscriptions) {
    const key = itemKey(line.PriceableItem.PriceableItemId, line.ActualPrice.Currency);
    const item = deal?.DiscountItems.find((i) => itemKey(i.PriceableItemId, i.Currency) === key);
    values[key] = !item ? '' : deal?.PercentMode ? (item.Discount ?? '') : (item.CustomCharge ?? '');
  }
  return {
    percentMode: deal?.PercentMode ?? false,
    values,
    validUntil: deal?.EffectiveEndDate ?? '',
    comments: deal?.Comments ?? '',
  };
}

const same = (a: DealDraft, b: DealDraft) =>
  a.percentMode === b.percentMode &&
  a.validUntil === b.validUntil &&
  a.comments.trim() === b.comments.trim() &&
  Object.keys({ ...a.values, ...b.values }).every((k) => (a.values[k] ?? '').trim() === (b.values[k] ?? '').trim());

/** [A4.5] Inactive without a deal; Modified while the draft differs from the saved deal (Undo shows); else Active. */
export function dealStatus(saved: DealDraft | null, draft: DealDraft): DealStatus {
  if (!saved) return 'Inactive';
  return same(saved, draft) ? 'Active' : 'Modified';
}

/**
 * The items a save sends, in the stream's order: one per item with a value typed, a custom price or a percent per
 * the pricing mode. `keys[i]` is the item key of the i-th item sent, so a field error of `DiscountItems[i]` finds
 * its input.
 */
export function itemsOf(stream: ChargeStream, draft: DealDraft): { items: SpecialDealItem[]; keys: string[] } {
  const items: SpecialDealItem[] = [];
  const keys: string[] = [];
  for (const line of stream.Subscriptions) {
    const key = itemKey(line.PriceableItem.PriceableItemId, line.ActualPrice.Currency);
    const value = (draft.values[key] ?? '').trim();
    if (value === '') continue;
    keys.push(key);
    items.push({
      PriceableItemId: line.PriceableItem.PriceableItemId,
      Currency: line.ActualPrice.Currency,
      IsCustomCharge: !draft.percentMode,
      CustomCharge: draft.percentMode ? null : value,
      Discount: draft.percentMode ? value : null,
    });
  }
  return { items, keys };
}

/** The change a save sends for the panel of `stream`: activate without a saved deal, else modify it. */
export function changeOf(
  stream: ChargeStream,
  accountId: number,
  draft: DealDraft,
  deal: SpecialDeal | null,
): { change: SpecialDealChange; keys: string[] } {
  const { items, keys } = itemsOf(stream, draft);
  return {
    keys,
    change: {
      chargeStreamId: stream.ChargeStreamId,
      targetAccountId: accountId,
      comments: draft.comments.trim(),
      effectiveEndDate: draft.validUntil === '' ? null : draft.validUntil,
      discountItems: items,
      percentMode: draft.percentMode,
      status: 'Active',
      ...(deal ? { id: deal.Id, version: deal.Version } : {}),
    },
  };
}

/** A valid-until instant as the select and the history show it: its UTC date. */
export const validUntilDate = (iso: string) => iso.slice(0, 10);
