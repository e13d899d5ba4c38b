/**
 * What a caller may change on a service beyond the tab capabilities, decided once for the form (which
 * disables the controls and names the problem before saving) and the server (which refuses the save):
 * remote data sources [S6.4] and the description group of the original of a shared text [S4.8].
 */
import type { FieldError } from './errors.js';
import { sameValue } from './service-validation.js';
import type { DescriptionType, ServiceDescription, ServiceDocument } from './services.js';

export const GATING_MESSAGES = {
  /** [S6.4] */
  remoteDataSource: 'You may not change remote data sources',
  /** [S4.8] Linking the texts of the original of a shared group to another group. */
  originalCannotLink: 'This service is the original of a shared text and cannot link to another one',
  /** [S4.8] Removing every text of a type the service shares with others as their original. */
  originalCannotClear: 'This text is shared with other services; remove it from them first',
} as const;

/**
 * [S6.4] The ids of the fields whose remote data source differs from the stored one (by field id). A
 * new field with a data source counts as a change; in create mode nothing is stored.
 */
export function remoteDataSourcesChanged(
  stored: Pick<ServiceDocument, 'Fields'>,
  next: Pick<ServiceDocument, 'Fields'>,
): string[] {
  const before = new Map(stored.Fields.map((f) => [f.Id, f.RemoteDataSource]));
  return next.Fields.filter((f) => !sameValue(before.get(f.Id) ?? null, f.RemoteDataSource)).map((f) => f.Id);
}

/**
 * [S6.4] Changing a remote data source needs SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE (`allowed`): one
 * message per changed field, at `Fields.<i>.RemoteDataSource`.
 */
export function remoteDataSourceErrors(
  stored: Pick<ServiceDocument, 'Fields'>,
  next: Pick<ServiceDocument, 'Fields'>,
  allowed: boolean,
): FieldError[] {
  if (allowed) return [];
  const changed = new Set(remoteDataSourcesChanged(stored, next));
  return next.Fields.flatMap((f, i) =>
    changed.has(f.Id) ? [{ field: `Fields.${i}.RemoteDataSource`, message: GATING_MESSAGES.remoteDataSource }] : [],
  );
}

/** [S4.8] A service's place in the description group of one text type. */
export interface GroupMembership {
  /** This service created the group. */
  IsOriginal: boolean;
  /** How many other services share the group. */
  OtherServices: number;
}

/** [S4.8] The original product of a group shared with other services cannot leave it: its dropdown is disabled. */
export function isGroupLinkLocked(membership: GroupMembership | null | undefined): boolean {
  return membership?.IsOriginal === true && membership.OtherServices > 0;
}

/**
 * [S4.8] The messages for texts that would leave a locked group: a type whose group changed, or whose
 * texts were all removed. `memberships` holds the stored group per type (absent: none).
 */
export function descriptionGroupErrors(
  descriptions: readonly ServiceDescription[],
  memberships: Partial<Record<DescriptionType, GroupMembership & { DescriptionGroupId: string }>>,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [type, membership] of Object.entries(memberships) as [
    DescriptionType,
    GroupMembership & { DescriptionGroupId: string },
  ][]) {
    if (!isGroupLinkLocked(membership)) continue;
    const at = descriptions.findIndex((d) => d.Type === type);
    if (at < 0) {
      errors.push({ field: 'Descriptions', message: GATING_MESSAGES.originalCannotClear });
      continue;
    }
    const requested = descriptions[at]?.DescriptionGroupId ?? null;
    if (requested !== null && requested !== membership.DescriptionGroupId) {
      errors.push({ field: `Descriptions.${at}.DescriptionGroupId`, message: GATING_MESSAGES.originalCannotLink });
    }
  }
  return errors;
}
