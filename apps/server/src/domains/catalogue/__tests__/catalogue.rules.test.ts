import { type BillingRule, blankServiceDocument, newBaseRule, type ServiceDescription } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  assignBillingIds,
  canonicalTags,
  containsPattern,
  currencyOfPathAccounts,
  definitionOf,
  foreignRuleIds,
  isMajorTermsChange,
  planDescriptionGroup,
  stripUnauthorizedAreas,
  unknownTags,
} from '../catalogue.rules.js';

const fullUpdate = {
  DisplayName: 'New name',
  ShortDescription: 'Intro',
  Parents: [{ ParentAccountType: 'Company' as const, ParentProductName: null }],
  Screenshots: [],
  Descriptions: [],
  Fields: [],
  Layouts: [],
  BillingRules: [],
  GracePeriodInHours: 4,
  VendorReferenceField: null,
  Datacenter: 'eu-west-ams',
  ProvisioningActions: [],
};

describe('stripping areas on update', () => {
  it.each([
    {
      allowed: ['Info', 'Files', 'Description', 'Fields', 'Billing', 'Provisioning'] as const,
      kept: [
        'DisplayName',
        'ShortDescription',
        'Screenshots',
        'Descriptions',
        'Fields',
        'Layouts',
        'BillingRules',
        'GracePeriodInHours',
        'VendorReferenceField',
        'Datacenter',
        'ProvisioningActions',
      ],
      ignored: [],
    },
    {
      allowed: ['Info'] as const,
      kept: ['DisplayName', 'ShortDescription'],
      ignored: ['Files', 'Description', 'Fields', 'Billing', 'Provisioning'],
    },
    {
      allowed: ['Billing', 'Provisioning'] as const,
      kept: ['BillingRules', 'GracePeriodInHours', 'VendorReferenceField', 'Datacenter', 'ProvisioningActions'],
      ignored: ['Info', 'Files', 'Description', 'Fields'],
    },
  ])('[S6.2] with $allowed keeps $kept and always drops Parents', ({ allowed, kept, ignored }) => {
    const result = stripUnauthorizedAreas(fullUpdate, allowed);

    expect(Object.keys(result.update).sort()).toEqual([...kept].sort());
    expect(result.ignoredAreas).toEqual(ignored);
  });

  it('[S6.2] reports only areas that were actually sent', () => {
    expect(stripUnauthorizedAreas({ DisplayName: 'x' }, ['Billing']).ignoredAreas).toEqual(['Info']);
    expect(stripUnauthorizedAreas({ BillingRules: [] }, ['Billing']).ignoredAreas).toEqual([]);
  });
});

describe('applying an update', () => {
  it('[S7.3] lays sent properties over the stored service and keeps absent ones', () => {
    const stored = { ...blankServiceDocument(), ServiceName: 'x', DisplayName: 'Old', ShortDescription: 'Keep me' };

    const next = applyUpdate(stored, { DisplayName: 'New' });

    expect(next.DisplayName).toBe('New');
    expect(next.ShortDescription).toBe('Keep me');
    expect(next.ServiceName).toBe('x');
  });

  it('keeps the nested definition in the jsonb column and the rest out of it', () => {
    const keys = Object.keys(definitionOf(blankServiceDocument()));

    expect(keys).toContain('Fields');
    expect(keys).toContain('BillingRules');
    expect(keys).not.toContain('ServiceName');
    expect(keys).not.toContain('Descriptions');
    expect(keys).not.toContain('Tags');
  });
});

describe('remote data sources and tags', () => {
  it('[S6.4] finds tags outside the known list, case-insensitively, and keeps the known spelling', () => {
    expect(unknownTags(['BACKUP', 'New one'], ['Backup', 'Cloud'])).toEqual(['New one']);
    expect(canonicalTags(['BACKUP', 'New one'], ['Backup'])).toEqual(['Backup', 'New one']);
  });
});

describe('billing ids', () => {
  it('gives new fees and prices ids and numbers priceable items per service, keeping existing ones', () => {
    let n = 0;
    const rules: BillingRule[] = [
      { ...newBaseRule('Monthly'), Id: 'kept', PriceableItemId: 'PI-7-1' },
      { ...newBaseRule('Setup'), SuggestedRetailPrices: [{ Id: null, Currency: 'EUR', Charge: '5' }] },
    ];

    const out = assignBillingIds(rules, { serviceId: 7, nextSeq: 1, newId: () => `id${++n}` });

    expect(out.rules.map((r) => [r.Id, r.PriceableItemId])).toEqual([
      ['kept', 'PI-7-1'],
      ['id1', 'PI-7-2'],
    ]);
    expect(out.rules[1]?.SuggestedRetailPrices[0]?.Id).toBe('id2');
    expect(out.nextSeq).toBe(2);
  });

  it('[S7.3] refuses fee ids that are not the service’s own', () => {
    const stored = [{ ...newBaseRule('Monthly'), Id: 'a' }];

    expect(
      foreignRuleIds(stored, [
        { ...newBaseRule('Monthly'), Id: 'a' },
        newBaseRule('Setup'),
        { ...newBaseRule('Setup'), Id: 'b' },
      ]),
    ).toEqual([2]);
  });
});

describe('description groups', () => {
  const text = (over: Partial<ServiceDescription> = {}): ServiceDescription => ({
    Type: 'Description',
    Title: '',
    Content: 'Text',
    LocalizationLanguageCode: 'en',
    DescriptionGroupId: null,
    IsMajorChange: false,
    ...over,
  });
  const visible = (id: string) => id === 'g-other';

  it.each([
    { name: 'a new service starts a group', current: null, texts: [text()], kind: 'create' },
    {
      name: 'a service keeps its group',
      current: { groupId: 'g-own', otherMembers: 0, isOriginal: true },
      texts: [text({ DescriptionGroupId: 'g-own' })],
      kind: 'keep',
    },
    {
      name: 'links to another visible group',
      current: { groupId: 'g-own', otherMembers: 0, isOriginal: true },
      texts: [text({ DescriptionGroupId: 'g-other' })],
      kind: 'link',
    },
    {
      name: 'a member (not original) may move away',
      current: { groupId: 'g-own', otherMembers: 2, isOriginal: false },
      texts: [text({ DescriptionGroupId: 'g-other' })],
      kind: 'link',
    },
    {
      name: 'no texts leaves the group',
      current: { groupId: 'g-own', otherMembers: 0, isOriginal: true },
      texts: [],
      kind: 'clear',
    },
  ])('[S2.11] $name', ({ current, texts, kind }) => {
    const decision = planDescriptionGroup({ type: 'Description', descriptions: texts, current, isVisibleGroup: visible });

    expect(decision.ok && decision.plan.kind).toBe(kind);
  });

  it('[S4.8] the original of a group shared with other services cannot link elsewhere', () => {
    const decision = planDescriptionGroup({
      type: 'Description',
      descriptions: [text({ DescriptionGroupId: 'g-other' })],
      current: { groupId: 'g-own', otherMembers: 1, isOriginal: true },
      isVisibleGroup: visible,
    });

    expect(decision.ok).toBe(false);
  });

  it('[S2.11] cannot link to a group the caller cannot see', () => {
    const decision = planDescriptionGroup({
      type: 'Description',
      descriptions: [text({ DescriptionGroupId: 'g-foreign' })],
      current: null,
      isVisibleGroup: visible,
    });

    expect(decision).toEqual({ ok: false, message: 'This description group does not exist' });
  });

  it.each([
    { stored: 'Old terms', next: 'New terms', major: true, bump: true },
    { stored: 'Old terms', next: 'New terms', major: false, bump: false },
    { stored: 'Same', next: 'Same', major: true, bump: false },
  ])('[S2.11] [S3.4] terms changed: $stored -> $next, major $major starts a revision: $bump', ({ stored, next, major, bump }) => {
    const result = isMajorTermsChange(
      [{ language: 'en', title: 'Terms', content: stored }],
      [text({ Type: 'TermsAndConditions', Title: 'Terms', Content: next, IsMajorChange: major })],
    );

    expect(result).toBe(bump);
  });
});

describe('small helpers', () => {
  it('escapes LIKE characters in a search', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('currencyOfPathAccounts', () => {
  it('takes the currency of the nearest company, reseller or provider that has one, EUR when none has', () => {
    const provider = { account_type: 'Provider', currency: 'USD', depth: 0 };
    const reseller = { account_type: 'Reseller', currency: 'GBP', depth: 1 };
    const company = { account_type: 'Company', currency: null, depth: 2 };
    const department = { account_type: 'Department', currency: 'SEK', depth: 3 };

    expect(currencyOfPathAccounts([department, company, reseller, provider])).toBe('GBP');
    expect(currencyOfPathAccounts([provider, company])).toBe('USD');
    expect(currencyOfPathAccounts([company, department])).toBe('EUR');
  });
});
