/**
 * Upgrading a subscription [A1.5], [A2.8]: the built-in UPGRADE custom action opens
 * #/upgrade-subscription/{accountId}, which lists the services the subscription can move to and runs
 * the action (ExecuteCustomActionByConfirm, ServiceName) with the chosen one.
 * See docs/decisions/0025-upgrade-subscription.md.
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const UPGRADE_ACTION = 'UPGRADE';

export const UpgradeServiceSchema = z.object({
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  Icon: z.string().nullable(),
  OwnerName: z.string(),
  /** The monthly and setup totals for this subscription's quantity in the customer's currency [M5.8];
   * null when the caller may not see prices (BILLING_SHOWPRODUCTPRICE) or the service has no price in it. */
  Monthly: z.string().nullable(),
  Setup: z.string().nullable(),
});
export type UpgradeService = z.infer<typeof UpgradeServiceSchema>;

export const SubscriptionUpgradeOptionsSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  Quantity: z.number(),
  Currency: z.string().nullable(),
  /** Whether the caller may see prices [A6.17]; without it every price is null. */
  PricesShown: z.boolean(),
  Current: UpgradeServiceSchema,
  /** Services of the same vendor and category, cheapest first. */
  Targets: z.array(UpgradeServiceSchema),
});
export type SubscriptionUpgradeOptions = z.infer<typeof SubscriptionUpgradeOptionsSchema>;

export const GetSubscriptionUpgradeOptions = defineOperation({
  name: 'GetSubscriptionUpgradeOptions',
  summary: 'The services a subscription can be upgraded to, with their prices [A2.8]',
  input: z.object({ accountId: AccountIdSchema }),
  output: SubscriptionUpgradeOptionsSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.accountId,
  mutating: false,
});

export const subscriptionUpgradeOperations = [GetSubscriptionUpgradeOptions];
