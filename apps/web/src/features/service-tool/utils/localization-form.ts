/**
 * Pure helpers of the Localization tab [S2.11]: languages with add, delete and the default star,
 * per-language Description and Terms and Conditions [S3.4], and linking a text to the description
 * group of another service with the 'Language difference' merge [S4.8], [S8.7].
 */
import {
  type DescriptionGroup,
  type DescriptionType,
  languagesDiffer,
  type ServiceDescription,
  type ServiceDocument,
} from '@portal/contracts';

/** Languages offered when adding one; any code of the form en or pt-BR may be typed too. */
export const COMMON_LANGUAGES = [
  'en',
  'de',
  'fr',
  'nl',
  'es',
  'it',
  'pt',
  'pt-BR',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'ja',
] as const;

/** [S2.11] The service's languages: the default first, then the others in the order they were added. */
export function languagesOf(doc: Pick<ServiceDocument, 'Descriptions' | 'DefaultLanguage'>): string[] {
  const others = doc.Descriptions.map((d) => d.LocalizationLanguageCode).filter((c) => c !== doc.DefaultLanguage);
  return [doc.DefaultLanguage, ...new Set(others)];
}

/** The languages a text type has. */
export function typeLanguages(doc: Pick<ServiceDocument, 'Descriptions'>, type: DescriptionType): string[] {
  return doc.Descriptions.filter((d) => d.Type === type).map((d) => d.LocalizationLanguageCode);
}

/** The text of a type in a language, or null. */
export function descriptionOf(doc: Pick<ServiceDocument, 'Descriptions'>, type: DescriptionType, code: string) {
  return doc.Descriptions.find((d) => d.Type === type && d.LocalizationLanguageCode === code) ?? null;
}

/** The description group all texts of a type belong to (null: their own, new group). */
export function groupOf(doc: Pick<ServiceDocument, 'Descriptions'>, type: DescriptionType): string | null {
  return doc.Descriptions.find((d) => d.Type === type)?.DescriptionGroupId ?? null;
}

/**
 * Changes the text of a type in a language, creating it in the type's group when missing. A terms
 * text emptied of title and content is removed (terms are optional); a description is kept.
 */
export function withDescription(
  doc: ServiceDocument,
  type: DescriptionType,
  code: string,
  patch: Partial<Pick<ServiceDescription, 'Title' | 'Content' | 'IsMajorChange'>>,
): ServiceDocument {
  const existing = descriptionOf(doc, type, code);
  const next: ServiceDescription = {
    Type: type,
    Title: '',
    Content: '',
    LocalizationLanguageCode: code,
    DescriptionGroupId: groupOf(doc, type),
    IsMajorChange: false,
    ...existing,
    ...patch,
  };
  const drop = type === 'TermsAndConditions' && next.Title === '' && next.Content === '';
  const rest = doc.Descriptions.filter((d) => d !== existing);
  return {
    ...doc,
    Descriptions: drop ? rest : existing ? doc.Descriptions.map((d) => (d === existing ? next : d)) : [...rest, next],
  };
}

/** [S2.11] Adds a language with an empty description; refuses a malformed or existing code. */
export function addLanguage(
  doc: ServiceDocument,
  code: string,
): { ok: true; doc: ServiceDocument } | { ok: false; reason: 'format' | 'exists' } {
  const c = code.trim();
  if (!/^[a-z]{2}(-[A-Z]{2})?$/.test(c)) return { ok: false, reason: 'format' };
  if (languagesOf(doc).includes(c)) return { ok: false, reason: 'exists' };
  return { ok: true, doc: withDescription(doc, 'Description', c, {}) };
}

/** [S2.11], [S8.5] Deletes every text of a language (after the confirm); the default language stays. */
export function deleteLanguage(doc: ServiceDocument, code: string): ServiceDocument {
  if (code === doc.DefaultLanguage) return doc;
  return { ...doc, Descriptions: doc.Descriptions.filter((d) => d.LocalizationLanguageCode !== code) };
}

/** [S2.11] The star: makes a language the default. */
export function setDefaultLanguage(doc: ServiceDocument, code: string): ServiceDocument {
  return { ...doc, DefaultLanguage: code };
}

/** [S4.8] Linking to this group needs the 'Language difference' confirm. */
export function linkNeedsMerge(
  doc: Pick<ServiceDocument, 'Descriptions'>,
  type: DescriptionType,
  group: DescriptionGroup,
): boolean {
  const own = typeLanguages(doc, type);
  return own.length > 0 && languagesDiffer(own, group.Languages);
}

/**
 * [S2.11], [S4.8], [S8.7] Links the texts of a type to a group (null: back to their own group). With
 * merge, languages the group has and this service lacks are added, starting from the default
 * language's text, so that both have all languages.
 */
export function linkGroup(
  doc: ServiceDocument,
  type: DescriptionType,
  group: DescriptionGroup | null,
  merge: boolean,
): ServiceDocument {
  const id = group?.DescriptionGroupId ?? null;
  let next: ServiceDocument = {
    ...doc,
    Descriptions: doc.Descriptions.map((d) => (d.Type === type ? { ...d, DescriptionGroupId: id } : d)),
  };
  if (group && merge) {
    const source = descriptionOf(next, type, next.DefaultLanguage) ?? next.Descriptions.find((d) => d.Type === type) ?? null;
    for (const code of group.Languages) {
      if (!descriptionOf(next, type, code)) {
        next = withDescription(next, type, code, { Title: source?.Title ?? '', Content: source?.Content ?? '' });
      }
    }
  }
  return next;
}

/** A group's label: its original service, with the count of other services sharing it [S2.11]. */
export function groupLabel(group: DescriptionGroup): { name: string; others: number } {
  const original = group.DescriptionGroupServices.find((s) => s.OriginalProduct) ?? group.DescriptionGroupServices[0];
  return {
    name: original?.DisplayName ?? group.DescriptionGroupId,
    others: Math.max(0, group.DescriptionGroupServices.length - 1),
  };
}
