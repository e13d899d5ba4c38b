import { describe, expect, it } from 'vitest';
import {
  assignmentDecision,
  canOwnPriceLists,
  copiedPrice,
  isStale,
  pageWindow,
  refusedFlagChanges,
  removalStatus,
  renameDecision,
} from '../price-lists.rules.js';

describe('price list rules', () => {
  it.each([
    { type: 'Provider', ok: true },
    { type: 'Reseller', ok: true },
    { type: 'Company', ok: false },
    { type: 'Department', ok: false },
  ])('a $type may own price lists: $ok', ({ type, ok }) => {
    expect(canOwnPriceLists(type)).toBe(ok);
  });

  it.each([
    { seen: 3, current: 3, stale: false },
    { seen: 2, current: 3, stale: true },
    { seen: 4, current: 3, stale: true },
  ])('version $seen against $current is stale: $stale', ({ seen, current, stale }) => {
    expect(isStale({ seen, current })).toBe(stale);
  });

  it.each([
    { current: 'Gold', next: 'Silver', ok: true },
    { current: 'Gold', next: 'Gold', ok: false },
    { current: 'Gold', next: ' gold ', ok: false },
    { current: 'Gold', next: 'Gold 2', ok: true },
  ])('[M5.4] renaming "$current" to "$next" is allowed: $ok', ({ current, next, ok }) => {
    const decision = renameDecision({ current, next });
    expect(decision.ok).toBe(ok);
    if (!decision.ok) expect(decision.field).toBe('name');
  });

  it.each([
    { price: '10.00', margin: '0', expected: '10' },
    { price: '10.00', margin: '12.5', expected: '11.25' },
    { price: '9.99', margin: '10', expected: '10.989' },
    { price: '0.000001', margin: '50', expected: '0.000002' },
    { price: '100', margin: '-20', expected: '80' },
    { price: '1.234567', margin: '33.33', expected: '1.646048' },
  ])('[M5.3] copying $price with a margin of $margin % gives $expected', ({ price, margin, expected }) => {
    expect(copiedPrice({ price, margin })).toBe(expected);
  });

  it.each([
    { isUsed: true, expected: 'Hidden' },
    { isUsed: false, expected: 'Deleted' },
  ] as const)('[M4.13] removing a service in use: $isUsed gives $expected', ({ isUsed, expected }) => {
    expect(removalStatus({ isUsed })).toBe(expected);
  });

  const current = { IsAutoSrpSyncEnabled: false, IsPropagationEnabled: false, IsAutoAddEnabled: false };
  it.each([
    { name: 'nothing changed', input: {}, caps: [], refused: [] },
    { name: 'a flag sent unchanged', input: { IsAutoSrpSyncEnabled: false }, caps: [], refused: [] },
    {
      name: 'SRP sync without its capability',
      input: { IsAutoSrpSyncEnabled: true },
      caps: [],
      refused: ['IsAutoSrpSyncEnabled'],
    },
    {
      name: 'SRP sync with its capability',
      input: { IsAutoSrpSyncEnabled: true },
      caps: ['MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE'],
      refused: [],
    },
    {
      name: 'propagation and auto-add with only the propagation capability',
      input: { IsPropagationEnabled: true, IsAutoAddEnabled: true },
      caps: ['MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_UPDATE'],
      refused: ['IsAutoAddEnabled'],
    },
    {
      name: 'a read capability is not enough',
      input: { IsAutoAddEnabled: true },
      caps: ['MARKETPLACE_AUTO_ADD_SERVICES_FLAG_READ'],
      refused: ['IsAutoAddEnabled'],
    },
  ])('[M6.7] [M6.8] flag changes refused: $name', ({ input, caps, refused }) => {
    expect(refusedFlagChanges({ input, current, capabilities: new Set(caps) }).map((r) => r.field)).toEqual(refused);
  });

  const owner = '/1/5/';
  it.each([
    { name: 'a company below the owner', target: { type: 'Company', path: '/1/5/9/' }, ok: true },
    { name: 'a reseller below the owner', target: { type: 'Reseller', path: '/1/5/7/' }, ok: true },
    { name: 'a company deeper below', target: { type: 'Company', path: '/1/5/7/12/' }, ok: true },
    { name: 'the owner itself', target: { type: 'Reseller', path: '/1/5/' }, ok: false },
    { name: 'an account outside the owner', target: { type: 'Company', path: '/1/6/9/' }, ok: false },
    { name: 'a department', target: { type: 'Department', path: '/1/5/9/10/' }, ok: false },
    { name: 'a user', target: { type: 'User', path: '/1/5/9/11/' }, ok: false },
    { name: 'a terminated company', target: { type: 'Company', path: '/1/5/9/', state: 'Terminated' }, ok: false },
    { name: 'an account already assigned', target: { type: 'Company', path: '/1/5/9/' }, isAssigned: true, ok: false },
  ])('assigning to $name is allowed: $ok', ({ target, isAssigned, ok }) => {
    const decision = assignmentDecision({
      ownerPath: owner,
      target: { state: 'Active', ...target },
      isAssigned: isAssigned ?? false,
    });
    expect(decision.ok).toBe(ok);
    if (!decision.ok) expect(decision.field).toBe('accountId');
  });

  it('a prefix of another path is not below it', () => {
    expect(
      assignmentDecision({ ownerPath: '/1/5/', target: { type: 'Company', path: '/1/55/', state: 'Active' }, isAssigned: false })
        .ok,
    ).toBe(false);
  });

  it.each([
    { page: 1, pageSize: 15, offset: 0 },
    { page: 3, pageSize: 12, offset: 24 },
  ])('page $page of $pageSize starts at $offset', ({ page, pageSize, offset }) => {
    expect(pageWindow({ page, pageSize })).toEqual({ offset, limit: pageSize });
  });
});
