import { applyTotalUsers, canTransition, parseTotalUsers, setLineAmount, unmetDependencies } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkQuoteLines,
  decideStatusChange,
  missingRequiredField,
  normaliseLines,
  orderingSequence,
  priceDifferences,
  statusAfterSave,
  sumAmounts,
  yearlyCharge,
} from '../quotes.rules.js';

const line = (ProductName: string, Amount: number, IsSyncWithUserAmount = false) => ({
  ProductName,
  ProductDisplayName: ProductName,
  Amount,
  Fields: [] as { FieldName: string; FieldValue: string }[],
  IsSyncWithUserAmount,
});
const now = new Date('2026-06-15T12:00:00Z');

describe('line rules', () => {
  it('[M4.5] all-users lines follow the total, amounts above it are capped, a non-number total resets to 50', () => {
    expect(applyTotalUsers([line('a', 10, true), line('b', 8), line('c', 2)], 5).map((l) => l.Amount)).toEqual([5, 5, 2]);
    expect(normaliseLines([line('a', 1, true)], 7)[0]?.Amount).toBe(7);
    expect(parseTotalUsers('abc')).toBe(50);
    expect(parseTotalUsers('12')).toBe(12);
  });

  it('[M4.4] changing the amount away from the total clears allUsers; moving it to the total sets it', () => {
    expect(setLineAmount(line('a', 10, true), 4, 10).IsSyncWithUserAmount).toBe(false);
    expect(setLineAmount(line('a', 4), 10, 10).IsSyncWithUserAmount).toBe(true);
  });

  it("[M4.3] a removed dependency returns to the requiring line's unmet list", () => {
    const deps = (n: string) => (n === 'addon' ? ['base'] : []);
    expect(unmetDependencies([line('addon', 1), line('base', 1)], deps).size).toBe(0);
    expect(unmetDependencies([line('addon', 1)], deps).get('addon')).toEqual(['base']);
  });

  it('[M5.9] checks numeric limits and combobox values, naming the field', () => {
    const services = new Map([
      [
        's',
        {
          displayName: 'S',
          fields: [
            { Id: 'n', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 10, AvailableValues: [] },
            {
              Id: 'c',
              DisplayName: 'Plan',
              FieldType: 'Combobox',
              MinValue: null,
              MaxValue: null,
              AvailableValues: [{ Value: 'A' }],
            },
          ] as never,
        },
      ],
    ]);
    const bad = {
      ...line('s', 3),
      Fields: [
        { FieldName: 'n', FieldValue: '11' },
        { FieldName: 'c', FieldValue: 'B' },
      ],
    };

    expect(checkQuoteLines([bad, line('x', 1)], 2, services, 'Products')).toEqual([
      { field: 'Products.0.Amount', message: "The amount is at most the quote's 2 users" },
      { field: 'Products.0.Fields.0.FieldValue', message: 'Seats is at most 10' },
      { field: 'Products.0.Fields.1.FieldValue', message: 'Plan: choose one of its values' },
      { field: 'Products.1.ProductName', message: 'x is not a service of the price list' },
    ]);
  });
});

describe('statuses [M4.25] (decision 0050)', () => {
  const facts = { archived: false, isOwner: true, validUntil: '2026-07-01', now };

  it('allows draft -> pending -> approved, and back to draft; nothing else', () => {
    expect(canTransition('draft', 'pending')).toBe(true);
    expect(canTransition('draft', 'approved')).toBe(false);
    expect(decideStatusChange({ ...facts, status: 'pending', to: 'approved' }).ok).toBe(true);
    expect(decideStatusChange({ ...facts, status: 'provisioning_request_sent', to: 'draft' }).ok).toBe(false);
  });

  it('only the owner organisation changes a quote; archived quotes and quotes past their date are not approved', () => {
    expect(decideStatusChange({ ...facts, isOwner: false, status: 'pending', to: 'approved' }).ok).toBe(false);
    expect(decideStatusChange({ ...facts, archived: true, status: 'pending', to: 'approved' }).ok).toBe(false);
    expect(decideStatusChange({ ...facts, validUntil: '2026-06-14', status: 'pending', to: 'approved' }).ok).toBe(false);
    expect(decideStatusChange({ ...facts, validUntil: '2026-06-15', status: 'pending', to: 'approved' }).ok).toBe(true);
  });

  it('a saved edit returns an approved or expired quote to draft', () => {
    expect(statusAfterSave('approved')).toBe('draft');
    expect(statusAfterSave('expired')).toBe('draft');
    expect(statusAfterSave('provisioning_request_sent')).toBe('provisioning_request_sent');
  });
});

describe('totals and ordering', () => {
  it('sums decimals exactly; unknown when a line has no price; yearly is monthly x 12', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1', null])).toBeNull();
    expect(yearlyCharge('80.5')).toBe('966');
  });

  it('reports the lines whose totals changed', () => {
    const saved = [{ ...line('a', 1), MonthlyPrice: '5', SetupPrice: '0', MonthlyTotal: '5.0', SetupTotal: '0', Error: null }];
    const same = [{ MonthlyPrice: '5', SetupPrice: '0', MonthlyTotal: '5', SetupTotal: '0', Error: null }];
    const changed = [{ ...same[0]!, MonthlyTotal: '6' }];

    expect(priceDifferences(saved, same)).toEqual([]);
    expect(priceDifferences(saved, changed)[0]).toMatchObject({ QuotedMonthlyTotal: '5.0', CurrentMonthlyTotal: '6' });
  });

  it('places a line after the dependency the quote also holds', () => {
    const deps = (n: string) => (n === 'addon' ? ['base'] : []);
    expect(orderingSequence([line('addon', 1), line('other', 1), line('base', 1)], deps)).toEqual([2, 0, 1]);
  });
});

describe('missingRequiredField', () => {
  const fields = [
    { Id: 'domain', DisplayName: 'Domain name', FieldType: 'Textbox', DisplayType: 'Mandatory', AvailableValues: [] },
    { Id: 'note', DisplayName: 'Note', FieldType: 'Textbox', DisplayType: 'Optional', AvailableValues: [] },
    { Id: 'secret', DisplayName: 'Secret', FieldType: 'Textbox', DisplayType: 'Hidden', AvailableValues: [] },
  ] as never;

  it('names the first line and required field without a value, as ordering would refuse it', () => {
    const lines = [line('Base', 1), { ...line('Web', 1), Fields: [{ FieldName: 'domain', FieldValue: ' ' }] }];
    const found = missingRequiredField(lines, (name) => (name === 'Web' ? fields : []));

    expect(found).toEqual({
      field: 'Products.1.Views.Service.Values.domain',
      message: 'Line 2 (Web): Domain name is required and the quote holds no value for it',
    });
  });

  it('is null when the required fields hold values, for optional and hidden fields, and for unknown services', () => {
    const filled = { ...line('Web', 1), Fields: [{ FieldName: 'domain', FieldValue: 'example.com' }] };

    expect(missingRequiredField([filled], () => fields)).toBeNull();
    expect(missingRequiredField([line('Web', 1)], () => null)).toBeNull();
  });
});
