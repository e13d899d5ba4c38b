import { blankServiceDocument, type DescriptionGroup, type ServiceDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLanguage,
  deleteLanguage,
  descriptionOf,
  groupLabel,
  groupOf,
  languagesOf,
  linkGroup,
  linkNeedsMerge,
  setDefaultLanguage,
  withDescription,
} from '../localization-form';

const text = (code: string, type: 'Description' | 'TermsAndConditions' = 'Description', group: string | null = null) => ({
  Type: type,
  Title: `T ${code}`,
  Content: `Text ${code}`,
  LocalizationLanguageCode: code,
  DescriptionGroupId: group,
  IsMajorChange: false,
});
const doc = (over: Partial<ServiceDocument> = {}): ServiceDocument => ({ ...blankServiceDocument(), ...over });
const group: DescriptionGroup = {
  DescriptionGroupId: 'g1',
  ProductDescriptionType: 'Description',
  Languages: ['en', 'fr'],
  DescriptionGroupServices: [
    { ProductName: 'A', DisplayName: 'Alpha', OriginalProduct: false },
    { ProductName: 'B', DisplayName: 'Beta', OriginalProduct: true },
    { ProductName: 'C', DisplayName: 'Gamma', OriginalProduct: false },
  ],
};

describe('the Localization tab helpers', () => {
  it('[S2.11] lists the default language first', () => {
    expect(
      languagesOf(doc({ DefaultLanguage: 'de', Descriptions: [text('en'), text('de'), text('en', 'TermsAndConditions')] })),
    ).toEqual(['de', 'en']);
  });

  it.each([
    ['fr', true, null],
    ['en', false, 'exists'],
    ['french', false, 'format'],
    ['pt-BR', true, null],
  ] as const)('[S2.11] adding %j: ok %s (%s)', (code, ok, reason) => {
    const result = addLanguage(doc({ Descriptions: [text('en')] }), code);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toBe(reason);
    else expect(descriptionOf(result.doc, 'Description', code)?.Content).toBe('');
  });

  it('[S2.11] [S8.5] deletes every text of a language, never the default', () => {
    const d = doc({ Descriptions: [text('en'), text('de'), text('de', 'TermsAndConditions')] });
    expect(deleteLanguage(d, 'de').Descriptions.map((x) => x.LocalizationLanguageCode)).toEqual(['en']);
    expect(deleteLanguage(d, 'en')).toBe(d);
    expect(setDefaultLanguage(d, 'de').DefaultLanguage).toBe('de');
  });

  it('[S3.4] a new text joins its type group; an emptied terms text is removed', () => {
    let d = doc({ Descriptions: [text('en', 'TermsAndConditions', 'g9')] });
    d = withDescription(d, 'TermsAndConditions', 'de', { Content: 'AGB' });
    expect(descriptionOf(d, 'TermsAndConditions', 'de')?.DescriptionGroupId).toBe('g9');
    d = withDescription(d, 'TermsAndConditions', 'de', { IsMajorChange: true });
    expect(descriptionOf(d, 'TermsAndConditions', 'de')?.IsMajorChange).toBe(true);
    d = withDescription(d, 'TermsAndConditions', 'de', { Content: '' });
    expect(descriptionOf(d, 'TermsAndConditions', 'de')).toBeNull();
  });

  it('[S4.8] [S8.7] differing languages need the merge; merging adds the missing languages', () => {
    const d = doc({ Descriptions: [text('en'), text('de')] });
    expect(linkNeedsMerge(d, 'Description', group)).toBe(true);
    expect(linkNeedsMerge(doc({ Descriptions: [text('en'), text('fr')] }), 'Description', group)).toBe(false);
    const merged = linkGroup(d, 'Description', group, true);
    expect(groupOf(merged, 'Description')).toBe('g1');
    expect(merged.Descriptions.map((x) => [x.LocalizationLanguageCode, x.DescriptionGroupId, x.Content])).toEqual([
      ['en', 'g1', 'Text en'],
      ['de', 'g1', 'Text de'],
      ['fr', 'g1', 'Text en'],
    ]);
    expect(groupOf(linkGroup(merged, 'Description', null, false), 'Description')).toBeNull();
  });

  it('[S2.11] a group is named by its original service with the count of the others', () => {
    expect(groupLabel(group)).toEqual({ name: 'Beta', others: 2 });
  });
});
