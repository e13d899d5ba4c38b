import type { ProvisioningAction } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { openSecret, purposeOf, type SealedColumn, sealSecret } from '../../platform/secrets/index.js';

/**
 * Http provisioning actions' Basic-auth passwords (issue 14, decision 0035). They are kept out of the service
 * document: the definition, the pending input of a service being created, drafts, exports and audit entries all hold
 * an empty `AuthPassword`. The password itself lives sealed in `service_provisioning_passwords`, one row per service
 * and action, and is opened only by the provisioning job just before it calls the vendor. A save that leaves the
 * password empty keeps the stored one; an action that no longer uses Basic auth over Http loses it.
 */
export const PROVISIONING_PASSWORD_COLUMN: SealedColumn = { table: 'service_provisioning_passwords', column: 'auth_password' };

const purpose = purposeOf(PROVISIONING_PASSWORD_COLUMN);

const usesBasicAuth = (a: ProvisioningAction) => a.Method === 'Http' && a.ProvisioningHttp?.Auth === 'Basic';

/** The document (or any input holding provisioning actions) with every Http action's password emptied. */
export function withoutProvisioningPasswords<T extends { ProvisioningActions: readonly ProvisioningAction[] }>(doc: T): T {
  if (!doc.ProvisioningActions.some((a) => a.ProvisioningHttp?.AuthPassword)) return doc;
  return {
    ...doc,
    ProvisioningActions: doc.ProvisioningActions.map((a) =>
      a.ProvisioningHttp?.AuthPassword ? { ...a, ProvisioningHttp: { ...a.ProvisioningHttp, AuthPassword: '' } } : a,
    ),
  };
}

/**
 * Stores the passwords a saved document carries, sealed: a typed password replaces the stored one, an empty one keeps
 * it, and actions that are gone or no longer use Basic auth over Http lose theirs.
 */
export async function saveProvisioningPasswords(
  db: Queryable,
  serviceId: number,
  actions: readonly ProvisioningAction[],
): Promise<void> {
  const keep = actions.filter(usesBasicAuth).map((a) => a.Action);
  await db.query('DELETE FROM service_provisioning_passwords WHERE service_id = $1 AND NOT (action = ANY($2::text[]))', [
    serviceId,
    keep,
  ]);
  for (const a of actions) {
    const password = a.ProvisioningHttp?.AuthPassword ?? '';
    if (!usesBasicAuth(a) || password === '') continue;
    await db.query(
      `INSERT INTO service_provisioning_passwords (service_id, action, auth_password) VALUES ($1, $2, $3)
       ON CONFLICT (service_id, action) DO UPDATE SET auth_password = EXCLUDED.auth_password`,
      [serviceId, a.Action, sealSecret(purpose, password)],
    );
  }
}

/** The password of one action as the provisioning job needs it for the call (empty when none is stored). */
export function openProvisioningPassword(stored: string | null): string {
  return stored ? openSecret(purpose, stored) : '';
}
