import type { SupportDetails } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import * as repo from './help.repository.js';

/** The demo provider's support contact: what every organisation without a nearer one sees. */
export const DEMO_PROVIDER_SUPPORT: SupportDetails = {
  SupportTechnicalEmail: 'support@portal.example',
  SupportPhoneNumber: '+31 10 555 0100',
  SupportWorkingDaysRegular: 'Monday to Friday',
  SupportWorkingHoursRegular: '08:00-18:00 CET',
  SupportWorkingDaysOthers: 'Saturday',
  SupportWorkingHoursOthers: '10:00-14:00 CET',
  SupportBillingWorkingDays: 'Monday to Friday',
  SupportBillingWorkingHours: '09:00-17:00 CET',
  SupportBillingPhoneNumber: '+31 10 555 0110',
  SupportBillingEmail: 'billing@portal.example',
  SupportSalesPhoneNumber: '+31 10 555 0120',
  SupportSalesEmail: 'sales@portal.example',
  SupportUrl: 'https://help.portal.example/',
  SupportButtonText: 'Open the help centre',
  Imprint: 'https://portal.example/imprint',
};

/** Blue Harbor IT's own support contact: its customers see this one. */
export const DEMO_RESELLER_SUPPORT: SupportDetails = {
  SupportTechnicalEmail: 'helpdesk@blueharbor.example',
  SupportPhoneNumber: '+31 10 444 2200',
  SupportWorkingDaysRegular: 'Monday to Friday',
  SupportWorkingHoursRegular: '07:30-19:00 CET',
  SupportWorkingDaysOthers: 'Weekends and holidays',
  SupportWorkingHoursOthers: 'Emergencies only, by phone',
  SupportBillingWorkingDays: 'Monday to Thursday',
  SupportBillingWorkingHours: '09:00-16:00 CET',
  SupportBillingPhoneNumber: '+31 10 444 2210',
  SupportBillingEmail: 'billing@blueharbor.example',
  SupportSalesPhoneNumber: '+31 10 444 2220',
  SupportSalesEmail: 'sales@blueharbor.example',
  SupportUrl: 'https://support.blueharbor.example/',
  SupportButtonText: 'Blue Harbor support site',
  Imprint: 'https://blueharbor.example/imprint',
};

/**
 * Support details for the demo provider and the reseller Blue Harbor IT; an organisation that already has details
 * keeps them, so re-seeding changes nothing.
 */
export async function seedDemoSupportDetails(db: Queryable): Promise<void> {
  const owners = await db.query<{ id: number; account_type: string }>(
    "SELECT id, account_type FROM accounts WHERE account_type = 'Provider' OR (account_type = 'Reseller' AND display_name = 'Blue Harbor IT') ORDER BY depth, id",
  );
  const now = new Date();
  for (const owner of owners) {
    const details = owner.account_type === 'Provider' ? DEMO_PROVIDER_SUPPORT : DEMO_RESELLER_SUPPORT;
    await repo.insertSupportDetails(db, { accountId: owner.id, details, updatedBy: null, now });
  }
}
