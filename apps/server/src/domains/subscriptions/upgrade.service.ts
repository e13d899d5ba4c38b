import type { FieldValue, SubscriptionUpgradeOptions, UpgradeService } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { type AccountRow, accountFieldValues, findById, setSubscriptionService } from '../accounts/index.js';
import { customerCurrency, priceWithSource, subscriptionQuantity } from '../catalogue/index.js';
import { recordChange } from '../orders/index.js';
import { loadCustomerPricing } from '../price-lists/index.js';
import { startProvisioningRequest } from '../provisioning/index.js';
import { nameAfterUpgrade, type UpgradeCandidate, upgradeTargets } from './upgrade.rules.js';

/** What the vendor of the new service is asked to do for an upgraded subscription [S3.6]. */
export const UPGRADE_PROVISIONING_ACTION = 'MODIFY';
const PRICE_CAPABILITY = 'BILLING_SHOWPRODUCTPRICE_READ';

interface ServiceRow {
  service_name: string;
  display_name: string;
  short_description: string;
  icon: string | null;
  category: string | null;
  owner_account_id: number;
  owner_name: string;
  is_complex_product: boolean;
}

interface Options {
  account: AccountRow;
  current: ServiceRow;
  currency: string;
  quantity: number;
  /** Every target with its monthly and setup selling totals. */
  targets: { row: ServiceRow; monthly: string | null; setup: string | null }[];
  currentPrice: { monthly: string | null; setup: string | null };
}

async function loadOptions(db: Queryable, accountId: number): Promise<Options> {
  const account = await findById(db, accountId);
  if (!account) throw notFound();
  if (account.account_type !== 'Product' || !account.product_name) {
    throw new DomainError('CONFLICT', 'Only service subscriptions can be upgraded');
  }
  if (account.state === 'Terminated') throw new DomainError('CONFLICT', 'A terminated account cannot be changed');
  const rows = await db.query<ServiceRow>(
    `SELECT s.service_name, s.display_name, s.short_description, s.icon, s.category, s.owner_account_id,
            o.display_name AS owner_name, s.is_complex_product
     FROM services s JOIN accounts o ON o.id = s.owner_account_id
     WHERE s.state = 'Active'
       AND s.owner_account_id = (SELECT c.owner_account_id FROM services c WHERE lower(c.service_name) = lower($1) LIMIT 1)`,
    [account.product_name],
  );
  const current = rows.find((r) => r.service_name.toLowerCase() === account.product_name?.toLowerCase());
  if (!current) {
    throw new DomainError('CONFLICT', `The service ${account.product_name} of this subscription is no longer in the catalogue`);
  }
  const currency = await customerCurrency(db, account.path);
  const pricing = await loadCustomerPricing(
    db,
    rows.map((r) => ({ accountPath: account.path, productName: r.service_name })),
  );
  const priceOf = (serviceName: string) => {
    const priced = priceWithSource(
      {
        productName: serviceName,
        attributes: account.attributes,
        currency,
        priceList: pricing.priceListFor(account.path, serviceName),
        discount: pricing.discountFor(account.path, serviceName),
      },
      pricing.sources,
    );
    if (!priced?.result.ok) return { monthly: null, setup: null };
    return { monthly: priced.result.monthly.selling, setup: priced.result.setup.selling };
  };
  const currentPrice = priceOf(current.service_name);
  const candidate = (r: ServiceRow, monthly: string | null): UpgradeCandidate => ({
    serviceName: r.service_name,
    displayName: r.display_name,
    ownerAccountId: r.owner_account_id,
    category: r.category,
    isComplexProduct: r.is_complex_product,
    monthly,
  });
  const priced = rows.map((row) => ({ row, ...priceOf(row.service_name) }));
  const chosen = upgradeTargets(
    candidate(current, currentPrice.monthly),
    priced.map((p) => candidate(p.row, p.monthly)),
  );
  const targets = chosen.map((c) => priced.find((p) => p.row.service_name === c.serviceName)!);
  return { account, current, currency, quantity: subscriptionQuantity(account.attributes), targets, currentPrice };
}

const toWire = (row: ServiceRow, price: { monthly: string | null; setup: string | null }, show: boolean): UpgradeService => ({
  ServiceName: row.service_name,
  DisplayName: row.display_name,
  ShortDescription: row.short_description,
  Icon: row.icon,
  OwnerName: row.owner_name,
  Monthly: show ? price.monthly : null,
  Setup: show ? price.setup : null,
});

/** [A2.8] GetSubscriptionUpgradeOptions. */
export async function getUpgradeOptions(db: Queryable, caller: Caller, accountId: number): Promise<SubscriptionUpgradeOptions> {
  const o = await loadOptions(db, accountId);
  const show = caller.capabilities.has(PRICE_CAPABILITY);
  return {
    AccountId: o.account.id,
    DisplayName: o.account.display_name,
    Quantity: o.quantity,
    Currency: o.currency,
    PricesShown: show,
    Current: toWire(o.current, o.currentPrice, show),
    Targets: o.targets.map((t) => toWire(t.row, t, show)),
  };
}

/**
 * [A1.5] [A2.8] The UPGRADE custom action: moves the subscription to the chosen service (one of its
 * upgrade options) and asks the new service's vendor to carry it out ({{FromProductName}} names the
 * old service in the provisioning templates).
 */
export function upgradeSubscriptionAction() {
  return async (db: Queryable, caller: Caller, row: AccountRow, values: Record<string, FieldValue>) => {
    const o = await loadOptions(db, row.id);
    const wanted = String(values.ServiceName ?? '').toLowerCase();
    const target = o.targets.find((t) => t.row.service_name.toLowerCase() === wanted);
    if (!target) {
      throw validationFailed([
        {
          field: 'Views.Action.Values.ServiceName',
          message: `${String(values.ServiceName)} is not a service ${o.current.display_name} can be upgraded to`,
        },
      ]);
    }
    const displayName = nameAfterUpgrade({
      accountName: row.display_name,
      from: { serviceName: o.current.service_name, displayName: o.current.display_name },
      to: { displayName: target.row.display_name },
    });
    await setSubscriptionService(db, row.id, { productName: target.row.service_name, displayName });
    const upgraded = await findById(db, row.id);
    if (!upgraded) throw notFound();
    const now = new Date();
    // Decision 0045: what the customer pays changes with the service; the upgrade is an order of its own.
    const order = await recordChange(db, {
      accountId: row.id,
      kind: 'Upgrade',
      placedBy: caller.userId,
      placedAt: now,
      previousServiceName: o.current.service_name,
    });
    const requestId = await startProvisioningRequest(db, {
      account: upgraded,
      action: UPGRADE_PROVISIONING_ACTION,
      createdBy: caller.userId,
      now,
      values: { ...(await accountFieldValues(db, upgraded)), 'Upgrade.FromProductName': o.current.service_name },
    });
    return {
      before: { ProductName: o.current.service_name, DisplayName: row.display_name },
      after: {
        ProductName: target.row.service_name,
        DisplayName: displayName,
        ProvisioningRequestId: requestId,
        OrderNumber: order?.orderNumber ?? null,
      },
    };
  };
}
