/**
 * IsAutoAddEnabled (decision 0033): a service that becomes Active is added, as Added, to every price list with
 * the flag on whose owner may add it: the provider's lists take any service of the provider's catalogue; another
 * owner's lists take it once a list that reaches the owner holds it (so a provider list with auto-add, assigned
 * to a reseller, carries a new service on into the reseller's own auto-add lists). Runs in the transaction that
 * activates the service.
 */
import type { Queryable } from '../../platform/db/db.js';

export async function addToAutoAddPriceLists(tx: Queryable, serviceId: number): Promise<number> {
  const provider = await tx.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, status)
     SELECT m.id, s.id, 'Added'
     FROM marketplaces m
     JOIN accounts o ON o.id = m.owner_account_id AND o.account_type = 'Provider'
     JOIN services s ON s.id = $1 AND s.state = 'Active'
     JOIN accounts so ON so.id = s.owner_account_id AND so.path LIKE o.path || '%'
     WHERE m.is_auto_add_enabled
     ON CONFLICT (marketplace_id, service_id) DO NOTHING
     RETURNING marketplace_id`,
    [serviceId],
  );
  const others = await tx.query(
    `INSERT INTO marketplace_services (marketplace_id, service_id, status)
     SELECT m.id, $1, 'Added'
     FROM marketplaces m
     JOIN accounts o ON o.id = m.owner_account_id AND o.account_type <> 'Provider'
     WHERE m.is_auto_add_enabled AND EXISTS (
       SELECT 1 FROM marketplace_assignments a
       JOIN marketplaces src ON src.id = a.marketplace_id
       JOIN marketplace_services held ON held.marketplace_id = src.id AND held.service_id = $1 AND held.status = 'Added'
       JOIN accounts assignee ON assignee.id = a.account_id
       WHERE a.account_id = o.id OR (src.is_propagation_enabled AND o.path LIKE assignee.path || '%'))
     ON CONFLICT (marketplace_id, service_id) DO NOTHING
     RETURNING marketplace_id`,
    [serviceId],
  );
  return provider.length + others.length;
}
