import { type ServiceDocumentInput, STANDARD_PROVISIONING_ACTIONS } from '@portal/contracts';
import { runDueCreationJobs } from '../../src/domains/catalogue/index.js';
import type { Db } from '../../src/platform/db/db.js';
import { STANDARD_ROLES } from '../../src/seed/roles.js';
import type { ApiClient } from './client.js';

/** The capabilities of the standard vendor role. */
export const VENDOR_CAPABILITIES = STANDARD_ROLES['Vendor service administrator']?.capabilities ?? [];

/** Every service-tool capability, the PROMOTED context keys and the tag-create right. */
export const SERVICE_TOOL_ALL = [
  ...['INFO', 'FILES', 'DESCRIPTION', 'FIELDS', 'BILLING', 'PROVISIONING'].flatMap((area) => [
    `SERVICE_TOOL_${area}_READ`,
    `SERVICE_TOOL_${area}_CREATE`,
    `SERVICE_TOOL_${area}_UPDATE`,
    `SERVICE_TOOL_${area}_UPDATE:PROMOTED`,
  ]),
  'SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE',
  'SERVICE_TOOL_TAG_CREATE',
];

/** A valid service: a priced Combobox plan, a Numeric quantity, English texts and terms. */
export function serviceInput(name: string, over: Partial<ServiceDocumentInput> = {}): ServiceDocumentInput {
  return {
    ServiceName: name,
    DisplayName: name,
    ShortDescription: 'A test service',
    Category: 'Backup',
    Tags: ['Backup'],
    Icon: '/service-icons/backup.png',
    Parents: [{ ParentAccountType: 'Company' }],
    Fields: [
      { Id: '__gen__plan', DisplayName: 'Plan', FieldType: 'Combobox', AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }] },
      { Id: '__gen__seats', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 100 },
    ],
    Layouts: [
      {
        Action: 'CREATE',
        Pages: [
          { Name: 'General', Blocks: [{ Name: 'Details', Fields: [{ FieldId: '__gen__plan' }, { FieldId: '__gen__seats' }] }] },
        ],
      },
      {
        Action: 'VIEW',
        Pages: [
          { Name: 'General', Blocks: [{ Name: 'Details', Fields: [{ FieldId: '__gen__plan' }, { FieldId: '__gen__seats' }] }] },
        ],
      },
    ],
    BillingRules: [
      {
        Id: null,
        ChargeType: 'Monthly',
        Charge: '4.5',
        LicenceType: 'CORP-SEAT',
        UdrcField: '__gen__seats',
        SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '6.00' }],
      },
      { ChargeType: 'Monthly', Charge: '2', Condition: { FieldId: '__gen__plan', Value: 'Pro' } },
    ],
    VendorReferenceField: '__gen__plan',
    Datacenter: 'eu-west-ams',
    ProvisioningActions: STANDARD_PROVISIONING_ACTIONS.slice(0, 3).map((Action) => ({ Action })),
    Descriptions: [
      { Type: 'Description', LocalizationLanguageCode: 'en', Title: name, Content: `About ${name}` },
      { Type: 'TermsAndConditions', LocalizationLanguageCode: 'en', Title: 'Terms', Content: 'Be nice.' },
    ],
    ...over,
  };
}

/** Creates a service through the API and runs its creation job; fails the test when creation fails. */
export async function createService(db: Db, client: ApiClient, input: ServiceDocumentInput & { OwnerAccountId?: number }) {
  const res = await client.op('CreateService', input);
  if (res.status !== 200) throw new Error(`CreateService ${input.ServiceName}: ${res.status} ${JSON.stringify(res.body)}`);
  await runDueCreationJobs(db);
  const got = await client.op('GetService', { ServiceName: input.ServiceName });
  if (got.body.State !== 'Active') throw new Error(`${input.ServiceName} is ${got.body.State}: ${got.body.StateMessage}`);
  return got.body;
}
