import type { FieldDefinition, FieldValue } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { purposeOf, type SealedColumn, sealSecret } from '../../platform/secrets/index.js';
import { SERVICE_VIEW } from './account-creation.rules.js';

/**
 * A subscription's Password-type service fields (say an encryption passphrase asked for when ordering), decision 0081.
 * They are kept out of the subscription's attributes, which the page, audit, exports, templates and the post-creation
 * message read: each lives sealed in `subscription_secrets`, one row per subscription and field ("Service.<Id>"),
 * under the keys of decision 0035 (start-up reseals it after a key rotation). Nothing opens them yet: provisioning
 * templates do not receive a secret (decision 0079), and the value is never shown back.
 */
export const SUBSCRIPTION_SECRET_COLUMN: SealedColumn = { table: 'subscription_secrets', column: 'value' };

const purpose = purposeOf(SUBSCRIPTION_SECRET_COLUMN);

/**
 * The values split into what the attributes keep and the service's Password fields' values (typed, non-empty), which
 * they do not.
 */
export function withoutSecrets(
  definitions: readonly FieldDefinition[],
  values: Readonly<Record<string, FieldValue>>,
): { kept: Record<string, FieldValue>; secrets: Map<string, string> } {
  const secretKeys = new Set(
    definitions
      .filter((d) => d.AccountViewName === SERVICE_VIEW && d.DisplayType === 'Password')
      .map((d) => `${SERVICE_VIEW}.${d.Name}`),
  );
  const kept: Record<string, FieldValue> = {};
  const secrets = new Map<string, string>();
  for (const [key, value] of Object.entries(values)) {
    if (!secretKeys.has(key)) kept[key] = value;
    else if (typeof value === 'string' && value !== '') secrets.set(key, value);
  }
  return { kept, secrets };
}

/** Stores a new subscription's secrets, sealed. */
export async function saveSubscriptionSecrets(db: Queryable, accountId: number, secrets: ReadonlyMap<string, string>) {
  for (const [field, value] of secrets) {
    await db.query('INSERT INTO subscription_secrets (account_id, field, value) VALUES ($1, $2, $3)', [
      accountId,
      field,
      sealSecret(purpose, value),
    ]);
  }
}
