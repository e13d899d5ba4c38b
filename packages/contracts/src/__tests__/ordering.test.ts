import { describe, expect, it } from 'vitest';
import { decideCreateParent, isMaterialNumber } from '../index.js';

describe('isMaterialNumber', () => {
  it('[M2.42] takes digits only as a material number, anything else as a service name', () => {
    expect(isMaterialNumber('1042')).toBe(true);
    expect(isMaterialNumber('0')).toBe(false);
    expect(isMaterialNumber('12a')).toBe(false);
    expect(isMaterialNumber('Contoso Backup')).toBe(false);
    expect(isMaterialNumber('')).toBe(false);
  });
});

describe('a Product under a Company (decision 0043)', () => {
  it("is allowed only when the service's Parents include Company", () => {
    const under = (serviceParents?: string[]) =>
      decideCreateParent({ accountType: 'Product', parentType: 'Company', parentState: 'Active', serviceParents }).ok;

    expect(under(['Company'])).toBe(true);
    expect(under(['User', 'Company'])).toBe(true);
    expect(under(['User'])).toBe(false);
    expect(under()).toBe(false);
  });

  it('keeps a User parent, and never allows a Department or a Reseller through the service', () => {
    const parent = (parentType: 'User' | 'Department' | 'Reseller') =>
      decideCreateParent({ accountType: 'Product', parentType, parentState: 'Active', serviceParents: ['Company', parentType] })
        .ok;

    expect(parent('User')).toBe(true);
    expect(parent('Department')).toBe(false);
    expect(parent('Reseller')).toBe(false);
  });
});
