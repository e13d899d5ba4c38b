import {
  type BillingRule,
  DEFAULT_CURRENCY,
  type DescriptionType,
  GATING_MESSAGES,
  isGroupLinkLocked,
  SERVICE_AREA_PROPERTIES,
  SERVICE_AREAS,
  type ServiceArea,
  type ServiceDescription,
  type ServiceDocument,
  type UpdateServiceInput,
} from '@portal/contracts';

/** Properties of the service document kept in the `definition` jsonb column (the rest are columns or tables). */
export const DEFINITION_KEYS = [
  'Parents',
  'Dependencies',
  'CanHaveOnlyOneInstanceUnderParent',
  'Fields',
  'Layouts',
  'BillingRules',
  'PriceProtectionLengthInDays',
  'MinimumContractPeriodInDays',
  'GracePeriodInHours',
  'Screenshots',
  'Downloads',
  'ServiceVideos',
  'PostCreationMessage',
  'ProvisioningActions',
  'VendorReferenceField',
] as const satisfies readonly (keyof ServiceDocument)[];

export type Definition = Pick<ServiceDocument, (typeof DEFINITION_KEYS)[number]>;

export function definitionOf(doc: ServiceDocument): Definition {
  return Object.fromEntries(DEFINITION_KEYS.map((k) => [k, doc[k]])) as Definition;
}

export type ServiceUpdate = Omit<UpdateServiceInput, 'ServiceName' | 'Version'>;

/**
 * [S6.2], [S7.3] An update keeps only the areas the caller may update: the properties of every other
 * area are removed, and Parents always is. Says which areas were sent but removed.
 */
export function stripUnauthorizedAreas(
  update: ServiceUpdate,
  allowed: readonly ServiceArea[],
): { update: ServiceUpdate; ignoredAreas: ServiceArea[] } {
  const kept: Record<string, unknown> = { ...update };
  delete kept.Parents;
  const ignoredAreas: ServiceArea[] = [];
  for (const area of SERVICE_AREAS) {
    if (allowed.includes(area)) continue;
    let sent = false;
    for (const property of SERVICE_AREA_PROPERTIES[area]) {
      if (property in kept && kept[property] !== undefined) sent = true;
      delete kept[property];
    }
    if (sent) ignoredAreas.push(area);
  }
  return { update: kept as ServiceUpdate, ignoredAreas };
}

/** The stored document with the (already stripped) update laid over it; absent properties stay as stored. */
export function applyUpdate(stored: ServiceDocument, update: ServiceUpdate): ServiceDocument {
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined && key in stored) next[key] = value;
  }
  return next as ServiceDocument;
}

/** [S6.4] Tags not in the known list (compared case-insensitively); adding them needs SERVICE_TOOL_TAG_CREATE. */
export function unknownTags(tags: readonly string[], known: readonly string[]): string[] {
  const have = new Set(known.map((t) => t.toLowerCase()));
  return tags.filter((t) => !have.has(t.toLowerCase()));
}

/** A known tag's stored spelling for a tag typed in another case ('BACKUP' -> 'Backup'). */
export function canonicalTags(tags: readonly string[], known: readonly string[]): string[] {
  const byLower = new Map(known.map((t) => [t.toLowerCase(), t]));
  return tags.map((t) => byLower.get(t.toLowerCase()) ?? t);
}

/**
 * Gives billing rules and their suggested retail prices ids where they have none, and each rule a
 * priceable item id (the billing system's handle for the fee) numbered per service.
 */
export function assignBillingIds(
  rules: readonly BillingRule[],
  p: { serviceId: number; nextSeq: number; newId: () => string },
): { rules: BillingRule[]; nextSeq: number } {
  let seq = p.nextSeq;
  const out = rules.map((rule) => {
    const withIds: BillingRule = {
      ...rule,
      Id: rule.Id ?? p.newId(),
      SuggestedRetailPrices: rule.SuggestedRetailPrices.map((srp) => ({ ...srp, Id: srp.Id ?? p.newId() })),
    };
    if (withIds.PriceableItemId === null) {
      seq++;
      withIds.PriceableItemId = `PI-${p.serviceId}-${seq}`;
    }
    return withIds;
  });
  return { rules: out, nextSeq: seq };
}

/**
 * [S7.3] A billing rule id the caller sent must be one of the stored rules: new rules come without an
 * id (or a generated one), so a client cannot take over another rule's priceable item.
 */
export function foreignRuleIds(stored: readonly BillingRule[], next: readonly BillingRule[]): number[] {
  const known = new Set(stored.map((r) => r.Id));
  return next.flatMap((r, i) => (r.Id !== null && !known.has(r.Id) ? [i] : []));
}

export interface CurrentGroup {
  groupId: string;
  /** Services in the group other than this one. */
  otherMembers: number;
  isOriginal: boolean;
}

export type GroupPlan =
  /** Write the texts into a new group owned by this service. */
  | { kind: 'create'; descriptions: ServiceDescription[] }
  /** Write the texts into the group the service is in already. */
  | { kind: 'keep'; groupId: string; descriptions: ServiceDescription[] }
  /** Leave the current group (if any) and join another service's group, writing the texts there. */
  | { kind: 'link'; groupId: string; leave: CurrentGroup | null; descriptions: ServiceDescription[] }
  /** No texts of this type: leave the current group. */
  | { kind: 'clear'; leave: CurrentGroup | null };

export type GroupDecision = { ok: true; plan: GroupPlan } | { ok: false; message: string };

/**
 * [S2.11], [S4.8] What saving the texts of one type means for the description groups: stay, start a
 * group, or link to another service's group. The original product of a group shared with other
 * services cannot move to another group (the dropdown is disabled), and only groups the caller can
 * see can be joined.
 */
export function planDescriptionGroup(p: {
  type: DescriptionType;
  descriptions: readonly ServiceDescription[];
  current: CurrentGroup | null;
  isVisibleGroup: (groupId: string) => boolean;
}): GroupDecision {
  const own = p.descriptions.filter((d) => d.Type === p.type);
  const locked = isGroupLinkLocked(p.current && { IsOriginal: p.current.isOriginal, OtherServices: p.current.otherMembers });
  if (own.length === 0) {
    if (locked) return { ok: false, message: GATING_MESSAGES.originalCannotClear };
    return { ok: true, plan: { kind: 'clear', leave: p.current } };
  }
  const requested = own[0]?.DescriptionGroupId ?? null;
  if (requested === null) {
    return p.current
      ? { ok: true, plan: { kind: 'keep', groupId: p.current.groupId, descriptions: own } }
      : { ok: true, plan: { kind: 'create', descriptions: own } };
  }
  if (p.current && requested === p.current.groupId) {
    return { ok: true, plan: { kind: 'keep', groupId: requested, descriptions: own } };
  }
  if (!p.isVisibleGroup(requested)) return { ok: false, message: 'This description group does not exist' };
  if (locked) return { ok: false, message: GATING_MESSAGES.originalCannotLink };
  return { ok: true, plan: { kind: 'link', groupId: requested, leave: p.current, descriptions: own } };
}

/**
 * [S3.4], [S2.11] A major change of the terms starts a new revision that customers must accept again:
 * some terms text marked IsMajorChange differs from what was stored in its language.
 */
export function isMajorTermsChange(
  stored: readonly { language: string; content: string; title: string }[],
  next: readonly ServiceDescription[],
): boolean {
  const before = new Map(stored.map((s) => [s.language, `${s.title}\u0000${s.content}`]));
  return next.some(
    (d) =>
      d.Type === 'TermsAndConditions' &&
      d.IsMajorChange &&
      before.get(d.LocalizationLanguageCode) !== `${d.Title}\u0000${d.Content}`,
  );
}

/** A LIKE pattern matching the text anywhere, with LIKE's own characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The accounts whose currency is a customer's: the buying ones. */
const CURRENCY_OWNERS = new Set(['Company', 'Reseller', 'Provider']);

/**
 * The customer's currency from the accounts of its path: that of the nearest company, reseller or provider
 * that has one (as the orders and revenue datasets take it), EUR when none has.
 */
export function currencyOfPathAccounts(
  accounts: readonly { account_type: string; currency: string | null; depth: number }[],
): string {
  let nearest: { currency: string | null; depth: number } | null = null;
  for (const a of accounts) {
    if (CURRENCY_OWNERS.has(a.account_type) && a.currency && (!nearest || a.depth > nearest.depth)) nearest = a;
  }
  return nearest?.currency ?? DEFAULT_CURRENCY;
}
