import type { ChargeStream, SpecialDeal } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { changeOf, dealStatus, draftOf, itemKey } from '../deal-form';

const line = (id: string, chargeType: 'Monthly' | 'Setup') => ({
  PriceableItem: { PriceableItemId: id, Description: '', ChargeType: chargeType },
  ListedPrice: { Charge: '12', Currency: 'GBP' },
  ActualPrice: { Charge: '10', Currency: 'GBP' },
  DiscountDetails: null,
});

const stream: ChargeStream = {
  ChargeStreamId: '3-40',
  MarketplaceId: null,
  MarketplaceName: 'Suggested retail prices',
  SellerCompany: { AccountId: 3, DisplayName: 'Summit Peak Partners' },
  BuyerAccount: { AccountId: 40, DisplayName: 'Sub Reseller', AccountType: 'Reseller' },
  Currency: 'GBP',
  Subscriptions: [line('monthly', 'Monthly'), line('setup', 'Setup')],
  HasCompanyDiscount: false,
  SpecialDeal: null,
};

const deal: SpecialDeal = {
  Id: 7,
  Version: 2,
  ChargeStreamId: '3-40',
  TargetAccountId: 99,
  Comments: 'Launch price',
  EffectiveEndDate: null,
  PercentMode: true,
  Status: 'Active',
  DiscountItems: [{ PriceableItemId: 'monthly', Currency: 'GBP', IsCustomCharge: false, CustomCharge: null, Discount: '10' }],
  LastModifiedOn: '2026-11-26T09:00:00.000Z',
  History: [],
};

describe('special deal draft', () => {
  it('[A4.5] is Inactive without a deal, Active as saved, Modified once a value differs and Active again after undo', () => {
    const empty = draftOf(stream, null);
    expect(dealStatus(null, empty)).toBe('Inactive');
    const saved = draftOf(stream, deal);
    expect(saved.values[itemKey('monthly', 'GBP')]).toBe('10');
    expect(dealStatus(saved, saved)).toBe('Active');
    const edited = { ...saved, values: { ...saved.values, [itemKey('setup', 'GBP')]: '5' } };
    expect(dealStatus(saved, edited)).toBe('Modified');
    expect(dealStatus(saved, { ...saved, comments: ' Launch price ' })).toBe('Active');
    expect(dealStatus(saved, { ...saved, percentMode: false })).toBe('Modified');
  });

  it('[A4.5] sends one item per filled fee, a custom price or a percent per the pricing mode, with the saved id and version', () => {
    const draft = { ...draftOf(stream, null), values: { [itemKey('setup', 'GBP')]: ' 12.5 ' }, validUntil: '' };
    const activate = changeOf(stream, 99, draft, null);
    expect(activate.keys).toEqual([itemKey('setup', 'GBP')]);
    expect(activate.change).toMatchObject({
      chargeStreamId: '3-40',
      targetAccountId: 99,
      effectiveEndDate: null,
      percentMode: false,
      discountItems: [{ PriceableItemId: 'setup', Currency: 'GBP', IsCustomCharge: true, CustomCharge: '12.5', Discount: null }],
    });
    expect(activate.change.id).toBeUndefined();
    const modify = changeOf(stream, 99, draftOf(stream, deal), deal);
    expect(modify.change).toMatchObject({ id: 7, version: 2, percentMode: true });
    expect(modify.change.discountItems).toEqual([
      { PriceableItemId: 'monthly', Currency: 'GBP', IsCustomCharge: false, CustomCharge: null, Discount: '10' },
    ]);
  });
});
