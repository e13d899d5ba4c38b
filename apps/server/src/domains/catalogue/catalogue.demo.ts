import {
  allCapabilityKeys,
  type BillingRuleInput,
  CreateServiceInputSchema,
  contextualCapabilityKeys,
  defaultLayouts,
  type ParentAccountType,
  type ServiceDescription,
  type ServiceDocumentInput,
  type ServiceFieldInput,
  type ServiceLayout,
  UpdateServiceInputSchema,
} from '@portal/contracts';
import type { Db } from '../../platform/db/db.js';
import type { Caller } from '../../platform/operations/types.js';
import { runDueCreationJobs } from './catalogue.job.js';
import * as repo from './catalogue.repository.js';
import { createService, getService, updateService } from './catalogue.service.js';

/**
 * The demo catalogue: 34 services of the three demo vendors (office suites, backup and support from
 * Contoso Software; security from Fabrikam Security; hosting from Litware Hosting) and the provider's
 * Microsoft 365 offer. Together they use every field type, both charge types, every billable time
 * unit, usage-based quantities, prepaid terms, contract renewal, cancellation windows, and the None,
 * Http and Email provisioning methods with templates and custom actions. Descriptions are in English
 * (some also in German); several services share description or terms groups.
 */

type Owner = 'Contoso Software' | 'Fabrikam Security' | 'Litware Hosting' | 'Northwind Cloud';

interface RuleSpec {
  type: 'Monthly' | 'Setup';
  charge: string;
  licence?: BillingRuleInput['LicenceType'];
  unit?: 'Month' | 'Day' | 'Hour' | 'Minute';
  udrc?: string;
  selection?: BillingRuleInput['UdrcValueSelection'];
  allowDecrease?: boolean;
  condition?: [string, string];
  review?: string;
  prepaidMonths?: number;
  earlyTermination?: boolean;
  prepaidEnd?: 'Renew' | 'Terminate';
  renewMonths?: number;
  cancellationDays?: number;
  end?: 'Renew' | 'Terminate';
  sku?: string;
  linked?: string[];
}

interface DemoService {
  owner: Owner;
  name: string;
  intro: string;
  category: string;
  tags: string[];
  icon: string;
  parents?: ParentAccountType[];
  parentProduct?: string;
  dependencies?: string[];
  onePerParent?: boolean;
  fields: ServiceFieldInput[];
  layouts?: ServiceLayout[];
  rules: RuleSpec[];
  vendorReference?: string;
  priceProtection?: number;
  minimumContract?: number;
  grace?: number;
  datacenter?: string;
  provisioning: 'None' | 'Http' | 'Email';
  custom?: { name: string; icon: string; fields: string[]; method?: 'None' | 'Http' | 'Email' }[];
  confirmation?: { Title: string; Message: string };
  description: string;
  de?: string;
  terms?: string;
  shareDescriptionWith?: string;
  shareTermsWith?: string;
  promoted?: boolean;
  videos?: string[];
  screenshots?: string[];
  downloads?: { url: string; name: string }[];
}

const values = (...v: string[]) => v.map((Value) => ({ Value }));
const field = (
  Id: string,
  DisplayName: string,
  FieldType: ServiceFieldInput['FieldType'],
  extra: Partial<ServiceFieldInput> = {},
) => ({ Id, DisplayName, FieldType, ...extra }) as ServiceFieldInput;

/** Decimal arithmetic on micro-units: price x percent / 100, rounded to cents. Never a float. */
export function scalePrice(price: string, percent: number): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const micros = BigInt(whole) * 1_000_000n + BigInt(`${fraction}000000`.slice(0, 6));
  const cents = (micros * BigInt(percent) + 500_000n) / 10_000n / 100n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function rule(r: RuleSpec): BillingRuleInput {
  return {
    ChargeType: r.type,
    Charge: r.charge,
    BillableTimeUnit: r.unit ?? (r.type === 'Setup' ? 'Month' : 'Day'),
    LicenceType: r.licence ?? null,
    UdrcField: r.udrc ?? null,
    UdrcValueSelection: r.selection ?? 'Last',
    UdrcFieldAllowDecline: r.allowDecrease ?? false,
    Condition: r.condition ? { FieldId: r.condition[0], Value: r.condition[1] } : null,
    OrderReviewMessage: r.review ?? null,
    VendorSku: r.sku ?? null,
    SuggestedRetailPrices: [
      { Currency: 'EUR', Charge: scalePrice(r.charge, 130) },
      { Currency: 'USD', Charge: scalePrice(r.charge, 141) },
      { Currency: 'GBP', Charge: scalePrice(r.charge, 112) },
    ],
    AdvancePaymentConfiguration: r.prepaidMonths
      ? {
          AdvancePeriodLenghtInMonths: r.prepaidMonths,
          AllowEarlyTermination: r.earlyTermination ?? false,
          AdvancePeriodEndDateAction: r.prepaidEnd ?? 'Renew',
        }
      : null,
    ContractRenew: r.renewMonths ? { ContractRenewRequired: true, ContractRenewPeriodInMonths: r.renewMonths } : null,
    CancellationWindowInDays: r.cancellationDays ?? null,
    EndDateAction: r.end ?? 'Renew',
    LinkedFields: (r.linked ?? []).map((FieldId) => ({ FieldId, FieldDisplayName: FieldId })),
  };
}

const HTTP_BODY = `{
  "action": "{{ACTION}}",
  "product": "{{PRODUCTNAME}}",
  "company": { "id": "{{COMPANYID}}", "name": "{{COMPANYNAME}}" },
  "callback": "{{CALLBACKURL}}"
}`;

function provisioning(s: DemoService) {
  const host = s.owner.split(' ')[0]?.toLowerCase() ?? 'vendor';
  const slug = s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const prepaid = s.rules.some((r) => r.prepaidMonths);
  const actions = ['CREATE', 'MODIFY', 'DELETE', ...(prepaid ? ['RENEW', 'RENEWMODIFY'] : [])];
  const method = (action: string, m: 'None' | 'Http' | 'Email') => {
    if (m === 'Http') {
      return {
        Method: 'Http' as const,
        ProvisioningHttp: {
          HttpMethod: action === 'DELETE' ? ('DELETE' as const) : action === 'CREATE' ? ('POST' as const) : ('PUT' as const),
          ContentType: 'application/json' as const,
          RequestUrlTemplate: `https://provisioning.${host}.example/api/v2/${slug}/{{COMPANYID}}`,
          RequestBodyTemplate: HTTP_BODY,
          Auth: s.owner === 'Fabrikam Security' ? ('Basic' as const) : ('No' as const),
          AuthUsername: s.owner === 'Fabrikam Security' ? 'northwind-portal' : '',
          AuthPassword: s.owner === 'Fabrikam Security' ? 'demo-only-secret' : '',
        },
      };
    }
    if (m === 'Email') {
      return {
        Method: 'Email' as const,
        ProvisioningEmail: {
          EmailTo: `provisioning@${host}.example; servicedesk@${host}.example`,
          SubjectTemplate: `{{ACTION}} ${s.name} for {{COMPANYNAME}}`,
          BodyText: `Please carry out {{ACTION}} of ${s.name} for {{COMPANYNAME}} (account {{COMPANYID}}).\nThe order details are attached.`,
          AttachmentType: 'xml' as const,
        },
      };
    }
    return { Method: 'None' as const };
  };
  return [
    ...actions.map((Action) => ({ Action, ...method(Action, s.provisioning) })),
    ...(s.custom ?? []).map((c, i) => ({
      Action: `CustomAction_${i + 1}`,
      ...method(`CustomAction_${i + 1}`, c.method ?? s.provisioning),
      CustomActionDetails: { ActionDisplayname: c.name, Icon: c.icon, Fields: c.fields },
    })),
  ];
}

function descriptions(s: DemoService): ServiceDescription[] {
  const out: ServiceDescription[] = [
    {
      Type: 'Description',
      Title: s.name,
      Content: s.description,
      LocalizationLanguageCode: 'en',
      DescriptionGroupId: null,
      IsMajorChange: false,
    },
  ];
  if (s.de) {
    out.push({
      Type: 'Description',
      Title: s.name,
      Content: s.de,
      LocalizationLanguageCode: 'de',
      DescriptionGroupId: null,
      IsMajorChange: false,
    });
  }
  if (s.terms) {
    out.push({
      Type: 'TermsAndConditions',
      Title: `${s.owner} terms of service`,
      Content: s.terms,
      LocalizationLanguageCode: 'en',
      DescriptionGroupId: null,
      IsMajorChange: false,
    });
  }
  return out;
}

function toInput(s: DemoService): ServiceDocumentInput {
  const parents = (s.parents ?? ['Company']).map((ParentAccountType) => ({
    ParentAccountType,
    ParentProductName: ParentAccountType === 'Product' ? (s.parentProduct ?? null) : null,
  }));
  return {
    ServiceName: s.name,
    DisplayName: s.name,
    ShortDescription: s.intro,
    Category: s.category,
    Tags: s.tags,
    Icon: `/service-icons/${s.icon}.png`,
    Parents: parents,
    Dependencies: s.dependencies ?? [],
    CanHaveOnlyOneInstanceUnderParent: s.onePerParent ?? false,
    Fields: s.fields,
    Layouts: s.layouts ?? defaultLayouts(s.fields.map((f) => f.Id)),
    BillingRules: s.rules.map(rule),
    PriceProtectionLengthInDays: s.priceProtection ?? null,
    MinimumContractPeriodInDays: s.minimumContract ?? null,
    GracePeriodInHours: s.grace ?? null,
    Descriptions: descriptions(s),
    Screenshots: (s.screenshots ?? []).map((Url) => ({ Url, Description: '' })),
    Downloads: (s.downloads ?? []).map((d) => ({ Url: d.url, Description: d.name })),
    ServiceVideos: (s.videos ?? []).map((Url) => ({ Url, Description: 'Product tour' })),
    Datacenter: s.datacenter ?? null,
    DefaultLanguage: 'en',
    PostCreationMessage: s.confirmation ? [s.confirmation] : [],
    ProvisioningActions: provisioning(s),
    VendorReferenceField: s.rules.length > 0 && s.fields.length > 0 ? (s.vendorReference ?? s.fields[0]?.Id ?? null) : null,
    ServiceStatus: s.promoted ? 'Promoted' : null,
    IsComplexProduct: false,
  };
}

const TERMS_CONTOSO = `## Contoso Software terms of service

1. The subscription renews every month until it is cancelled.
2. Licences are assigned per named user and cannot be shared.
3. Contoso Software keeps your data inside the European Union.`;
const TERMS_FABRIKAM = `## Fabrikam Security terms of service

1. Fabrikam agents may only be installed on devices you own or manage.
2. Threat data is processed to improve detection for all customers, without personal data.
3. Support is given in English and German, on working days.`;
const TERMS_LITWARE = `## Litware Hosting terms of service

1. Availability target: 99.95 % per calendar month, measured at the data center edge.
2. You are responsible for the content you host and for backups unless a backup plan is ordered.
3. Fair use applies to outbound traffic above 10 TB per month.`;

const OFFICE_EDITION = field('Edition', 'Edition', 'Combobox', {
  AvailableValues: values('Basic', 'Standard', 'Premium'),
  DisplayType: 'Mandatory',
  DisplayTypeOnModify: 'Optional',
  Tooltip: 'Premium adds advanced security and compliance tools',
});
const USERS = (max = 300) =>
  field('Users', 'Number of users', 'Numeric', {
    MinValue: 1,
    MaxValue: max,
    DisplayType: 'Mandatory',
    DisplayTypeOnModify: 'Optional',
    IsUsageBased: true,
    InheritValueFromParent: false,
  });
const TENANT = field('TenantDomain', 'Tenant domain', 'Textbox', {
  Validator: '/^[a-z0-9-]+\\.(onmicrosoft\\.com|contoso-cloud\\.example)$/i',
  PlaceholderDefaultValue: 'yourcompany.contoso-cloud.example',
  DisplayType: 'Mandatory',
  DisplayTypeOnModify: 'Readonly',
  IsUnique: true,
});

export const DEMO_SERVICES: DemoService[] = [
  // --- Northwind Cloud (the provider); first, as others depend on it -----------------------------
  {
    owner: 'Northwind Cloud',
    name: 'Microsoft 365 Business Standard',
    intro: 'Microsoft 365 apps, Exchange, Teams and OneDrive',
    category: 'Productivity',
    tags: ['Office', 'Microsoft 365', 'Per user'],
    icon: 'office',
    fields: [
      field('Domain', 'Primary domain', 'Textbox', { DisplayType: 'Mandatory', Validator: '^[a-z0-9.-]+\\.[a-z]{2,}$' }),
      field('Licences', 'Licences', 'Numeric', { MinValue: 1, MaxValue: 300, DisplayType: 'Mandatory', IsUsageBased: true }),
    ],
    rules: [
      {
        type: 'Monthly',
        charge: '10.50',
        licence: 'CORP-SEAT',
        udrc: 'Licences',
        selection: 'Max',
        renewMonths: 12,
        cancellationDays: 7,
      },
    ],
    vendorReference: 'Domain',
    priceProtection: 365,
    provisioning: 'Http',
    description: 'Desktop Office apps, business e-mail, Teams meetings and 1 TB OneDrive per user.',
    de: 'Office-Desktop-Apps, geschäftliche E-Mail, Teams-Besprechungen und 1 TB OneDrive pro Benutzer.',
    terms: '## Microsoft Customer Agreement\n\nThe Microsoft Customer Agreement applies to this subscription.',
  },
  {
    // Ordered after Business Standard, whose terms it shares: accepting either accepts both [M4.22].
    owner: 'Northwind Cloud',
    name: 'Microsoft 365 Archiving',
    intro: 'Archive mailboxes for Microsoft 365 Business Standard',
    // Not Productivity: the same vendor and category would make it an upgrade of Business Standard [A2.8].
    category: 'Storage',
    tags: ['Microsoft 365', 'Archive', 'Per user'],
    icon: 'office',
    dependencies: ['Microsoft 365 Business Standard'],
    fields: [
      field('Mailboxes', 'Archived mailboxes', 'Numeric', {
        MinValue: 1,
        MaxValue: 300,
        DisplayType: 'Mandatory',
        IsUsageBased: true,
      }),
    ],
    rules: [{ type: 'Monthly', charge: '2.20', licence: 'CORP-SEAT', udrc: 'Mailboxes' }],
    vendorReference: 'Mailboxes',
    provisioning: 'Http',
    description: 'Keeps every message of the archived mailboxes for ten years, searchable and under retention policies.',
    shareTermsWith: 'Microsoft 365 Business Standard',
  },
  // --- Contoso Software: office suites, backup, support ---------------------------------------
  {
    owner: 'Contoso Software',
    name: 'Contoso Office Business',
    intro: 'Mail, documents and meetings for growing teams',
    category: 'Productivity',
    tags: ['Office', 'Collaboration', 'Per user'],
    icon: 'office',
    fields: [
      TENANT,
      OFFICE_EDITION,
      USERS(300),
      field('AdminContact', 'Administrator', 'PeoplePicker', { DisplayType: 'Optional' }),
    ],
    layouts: [
      {
        Action: 'CREATE',
        Pages: [
          {
            Name: 'Subscription',
            PageLayout: 'TwoColumn',
            Type: 'normal',
            Custom: {},
            Blocks: [{ Name: 'Plan', Fields: [{ FieldId: 'Edition' }, { FieldId: 'Users' }] }],
          },
          {
            Name: 'Tenant',
            PageLayout: 'OneColumn',
            Type: 'normal',
            Custom: {},
            Blocks: [{ Name: 'Domain', Fields: [{ FieldId: 'TenantDomain' }, { FieldId: 'AdminContact' }] }],
          },
        ],
      },
      {
        Action: 'VIEW',
        Pages: [
          {
            Name: 'Overview',
            PageLayout: 'TwoColumn',
            Type: 'normal',
            Custom: {},
            Blocks: [
              {
                Name: 'Subscription',
                Fields: [{ FieldId: 'TenantDomain' }, { FieldId: 'Edition' }, { FieldId: 'Users' }, { FieldId: 'AdminContact' }],
              },
            ],
          },
          {
            Name: 'Usage',
            PageLayout: 'OneColumn',
            Type: 'powerbi',
            Custom: { reportId: 'office-usage', pageName: 'ActiveUsers' },
            Blocks: [],
          },
        ],
      },
    ],
    rules: [
      { type: 'Monthly', charge: '6.20', licence: 'CORP-SEAT', udrc: 'Users', selection: 'Max', sku: 'CO-OB-USR' },
      {
        type: 'Monthly',
        charge: '2.50',
        condition: ['Edition', 'Standard'],
        udrc: 'Users',
        review: 'Standard adds desktop apps for every user',
      },
      {
        type: 'Monthly',
        charge: '7.80',
        condition: ['Edition', 'Premium'],
        udrc: 'Users',
        review: 'Premium adds advanced security and compliance',
        linked: ['Users'],
      },
      { type: 'Setup', charge: '49', licence: 'CORP-ADD', sku: 'CO-OB-SETUP' },
    ],
    vendorReference: 'TenantDomain',
    priceProtection: 30,
    minimumContract: 30,
    grace: 72,
    datacenter: 'eu-west-ams',
    provisioning: 'Http',
    custom: [{ name: 'Reset administrator password', icon: 'key', fields: ['AdminContact'] }],
    confirmation: {
      Title: 'Your office is on its way',
      Message: 'We are creating **{{TenantDomain}}**. You get an e-mail with sign-in details within 15 minutes.',
    },
    description: `Contoso Office Business gives every user **mail**, **documents** and **meetings** in one subscription.

- 50 GB mailbox and 1 TB file storage per user
- Desktop, web and mobile apps (Standard and Premium)
- Advanced threat protection and data loss prevention (Premium)`,
    de: `Contoso Office Business bietet jedem Benutzer **E-Mail**, **Dokumente** und **Besprechungen** in einem Abonnement.

- 50 GB Postfach und 1 TB Dateispeicher pro Benutzer
- Desktop-, Web- und Mobile-Apps (Standard und Premium)`,
    terms: TERMS_CONTOSO,
    promoted: true,
    videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    screenshots: ['/service-icons/office.png'],
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Office Education',
    intro: 'Office for schools and universities',
    category: 'Productivity',
    tags: ['Office', 'Education'],
    icon: 'office',
    fields: [TENANT, USERS(5000)],
    rules: [{ type: 'Monthly', charge: '2.10', licence: 'EDU-SEAT', udrc: 'Users', selection: 'Average' }],
    vendorReference: 'TenantDomain',
    provisioning: 'Http',
    description: 'Shared with Contoso Office Business.',
    shareDescriptionWith: 'Contoso Office Business',
    shareTermsWith: 'Contoso Office Business',
    terms: TERMS_CONTOSO,
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Office Government',
    intro: 'Office hosted in a sovereign cloud for public bodies',
    category: 'Productivity',
    tags: ['Office', 'Government'],
    icon: 'office',
    fields: [
      TENANT,
      USERS(2000),
      field('Clearance', 'Security clearance', 'Combobox', { AvailableValues: values('Official', 'Secret') }),
    ],
    rules: [
      { type: 'Monthly', charge: '7.40', licence: 'GOV-SEAT', udrc: 'Users' },
      {
        type: 'Monthly',
        charge: '3.00',
        licence: 'GOV-ADD',
        condition: ['Clearance', 'Secret'],
        udrc: 'Users',
        review: 'Secret workloads run in an isolated region',
      },
    ],
    vendorReference: 'TenantDomain',
    datacenter: 'eu-central-fra',
    provisioning: 'Http',
    description: 'Shared with Contoso Office Business.',
    shareDescriptionWith: 'Contoso Office Business',
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Office Nonprofit',
    intro: 'Discounted office suite for registered charities',
    category: 'Productivity',
    tags: ['Office', 'Nonprofit'],
    icon: 'office',
    fields: [
      TENANT,
      USERS(500),
      field('CharityNumber', 'Charity registration number', 'Textbox', {
        Validator: '^[A-Z0-9-]{4,20}$',
        DisplayType: 'Mandatory',
      }),
    ],
    rules: [
      { type: 'Monthly', charge: '0', licence: 'NP-FREE', udrc: 'Users' },
      { type: 'Monthly', charge: '1.90', licence: 'NP-SEAT', udrc: 'Users', selection: 'LastOfTimeUnit' },
    ],
    vendorReference: 'CharityNumber',
    provisioning: 'Email',
    description: `Contoso Office for nonprofits: the first 10 users are free, every further user is billed at a nonprofit rate.`,
    terms: TERMS_CONTOSO,
    shareTermsWith: 'Contoso Office Business',
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Mail Archive',
    intro: 'Ten-year mail archive with legal hold',
    category: 'Communication',
    tags: ['Mail', 'Compliance'],
    icon: 'mail',
    fields: [
      field('ArchiveMailboxes', 'Archived mailboxes', 'Numeric', { MinValue: 1, MaxValue: 10000, DisplayType: 'Mandatory' }),
      field('LegalHold', 'Legal hold', 'Checkbox', { Tooltip: 'Keep every message unchanged until the hold is lifted' }),
      field('RetentionYears', 'Retention in years', 'Combobox', { AvailableValues: values('1', '5', '10') }),
    ],
    rules: [
      { type: 'Monthly', charge: '1.10', licence: 'CORP-ADD', udrc: 'ArchiveMailboxes', allowDecrease: true },
      {
        type: 'Monthly',
        charge: '0.40',
        condition: ['LegalHold', 'true'],
        udrc: 'ArchiveMailboxes',
        review: 'Legal hold keeps every message unchanged',
      },
      { type: 'Monthly', charge: '0.30', condition: ['RetentionYears', '10'], udrc: 'ArchiveMailboxes' },
    ],
    vendorReference: 'ArchiveMailboxes',
    provisioning: 'Email',
    description: 'Archive every sent and received message for up to ten years and search it in seconds.',
    terms: TERMS_CONTOSO,
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Backup 500 GB',
    intro: 'Encrypted cloud backup for servers and laptops',
    category: 'Backup',
    tags: ['Backup', 'Prepaid'],
    icon: 'backup',
    fields: [
      field('Devices', 'Protected devices', 'Numeric', {
        MinValue: 1,
        MaxValue: 250,
        DisplayType: 'Mandatory',
        IsUsageBased: true,
      }),
      field('EncryptionKey', 'Encryption passphrase', 'Password', { DisplayType: 'Mandatory', DisplayTypeOnModify: 'Hidden' }),
      field('Schedule', 'Backup schedule', 'Combobox', { AvailableValues: values('Daily', 'Every 4 hours', 'Hourly') }),
    ],
    rules: [
      {
        type: 'Monthly',
        charge: '14.90',
        licence: 'CORP-SEAT',
        unit: 'Month',
        prepaidMonths: 12,
        earlyTermination: false,
        prepaidEnd: 'Renew',
      },
      { type: 'Monthly', charge: '3.20', licence: 'CORP-ADD', udrc: 'Devices', unit: 'Month', prepaidMonths: 12 },
      { type: 'Monthly', charge: '4.00', condition: ['Schedule', 'Hourly'], unit: 'Month' },
    ],
    vendorReference: 'Devices',
    priceProtection: 365,
    minimumContract: 365,
    grace: 24,
    datacenter: 'eu-north-sto',
    provisioning: 'Http',
    custom: [{ name: 'Restore files', icon: 'download', fields: ['Devices'] }],
    description: `Back up **up to 500 GB** from servers and laptops to the Contoso cloud.

- AES-256 encryption with your own passphrase
- Restore single files or whole machines
- Prepaid for 12 months; renews automatically`,
    de: 'Sichern Sie **bis zu 500 GB** von Servern und Laptops in der Contoso-Cloud. Vorausbezahlt für 12 Monate.',
    terms: TERMS_CONTOSO,
    downloads: [{ url: '/service-icons/backup.png', name: 'Backup agent quick start' }],
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Backup 2 TB',
    intro: 'Cloud backup with 2 TB included',
    category: 'Backup',
    tags: ['Backup', 'Prepaid'],
    icon: 'backup',
    fields: [field('Devices', 'Protected devices', 'Numeric', { MinValue: 1, MaxValue: 1000, DisplayType: 'Mandatory' })],
    rules: [
      {
        type: 'Monthly',
        charge: '39.00',
        licence: 'CORP-SEAT',
        unit: 'Month',
        prepaidMonths: 12,
        earlyTermination: true,
        prepaidEnd: 'Terminate',
      },
    ],
    vendorReference: 'Devices',
    datacenter: 'eu-north-sto',
    provisioning: 'Http',
    description: 'Shared with Contoso Backup 500 GB.',
    shareDescriptionWith: 'Contoso Backup 500 GB',
    shareTermsWith: 'Contoso Backup 500 GB',
    terms: TERMS_CONTOSO,
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Backup for Microsoft 365',
    intro: 'Back up mailboxes, OneDrive and Teams',
    category: 'Backup',
    tags: ['Backup', 'Microsoft 365', 'Per user'],
    icon: 'backup',
    dependencies: ['Microsoft 365 Business Standard'],
    fields: [
      field('ProtectedUsers', 'Protected users', 'PeoplePicker', { DisplayType: 'Mandatory' }),
      field('Seats', 'Seats', 'Numeric', { MinValue: 1, MaxValue: 1000, IsUsageBased: true }),
    ],
    rules: [{ type: 'Monthly', charge: '2.40', licence: 'CORP-SEAT', udrc: 'Seats', selection: 'Max' }],
    vendorReference: 'Seats',
    provisioning: 'Http',
    description: 'Daily backups of Exchange Online, OneDrive, SharePoint and Teams with unlimited retention.',
    terms: TERMS_CONTOSO,
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Premium Support',
    intro: 'Named engineer and one-hour response, day and night',
    category: 'Support',
    tags: ['Support', '24x7'],
    icon: 'support',
    onePerParent: true,
    fields: [
      field('ResponseTime', 'Response time', 'Combobox', {
        AvailableValues: values('4 hours', '1 hour', '15 minutes'),
        DisplayType: 'Mandatory',
      }),
      field('EscalationNotes', 'Escalation instructions', 'TextArea', { PlaceholderDefaultValue: 'Who to call first, and when' }),
      field('IssueSummary', 'Issue summary', 'TextArea', { DisplayType: 'Mandatory' }),
    ],
    rules: [
      { type: 'Monthly', charge: '199', licence: 'SUPPORT', unit: 'Month', renewMonths: 12 },
      { type: 'Monthly', charge: '150', condition: ['ResponseTime', '1 hour'], unit: 'Month' },
      {
        type: 'Monthly',
        charge: '420',
        condition: ['ResponseTime', '15 minutes'],
        unit: 'Month',
        review: 'A 15-minute response needs a 12-month contract',
      },
      { type: 'Setup', charge: '250', licence: 'SUPPORT' },
    ],
    vendorReference: 'ResponseTime',
    minimumContract: 365,
    provisioning: 'Email',
    custom: [{ name: 'Open a priority ticket', icon: 'mail', fields: ['IssueSummary'], method: 'Email' }],
    description: 'A named support engineer, quarterly reviews and response within the time you choose, around the clock.',
    terms: TERMS_CONTOSO,
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Standard Support',
    intro: 'Business-hours support by e-mail and phone',
    category: 'Support',
    tags: ['Support'],
    icon: 'support',
    onePerParent: true,
    fields: [
      field('SupportEmail', 'Support contact e-mail', 'Textbox', {
        Validator: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
        DisplayType: 'Mandatory',
      }),
    ],
    rules: [{ type: 'Monthly', charge: '49', licence: 'SUPPORT', unit: 'Month', cancellationDays: 14 }],
    vendorReference: 'SupportEmail',
    provisioning: 'Email',
    description: 'Support on working days from 8:00 to 18:00 CET, with a next-business-day response.',
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Project Planner',
    intro: 'Plan projects, boards and timelines together',
    category: 'Productivity',
    tags: ['Collaboration', 'Trial'],
    icon: 'office',
    fields: [
      field('Modules', 'Modules', 'MultiPicker', {
        AvailableValues: values('Boards', 'Timeline', 'Resource planning', 'Portfolio'),
      }),
      field('Planners', 'Planners', 'Numeric', { MinValue: 1, MaxValue: 500 }),
    ],
    rules: [
      { type: 'Monthly', charge: '0', licence: 'CORP-TRIAL', udrc: 'Planners' },
      { type: 'Monthly', charge: '5.50', licence: 'CORP-SEAT', udrc: 'Planners' },
      { type: 'Setup', charge: '99', licence: 'CORP-ADD' },
    ],
    vendorReference: 'Planners',
    provisioning: 'Http',
    description: 'Boards, timelines and resource planning. Starts with a 30-day free trial.',
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Forms Pro',
    intro: 'Branded forms and surveys with webhooks',
    category: 'Productivity',
    tags: ['Forms'],
    icon: 'office',
    fields: [
      field('WebhookUrl', 'Webhook address', 'Url', { PlaceholderDefaultValue: 'https://' }),
      field('Logo', 'Company logo', 'FilePicker'),
      field('Responses', 'Responses per month', 'Combobox', { AvailableValues: values('1000', '10000', 'Unlimited') }),
    ],
    rules: [
      { type: 'Monthly', charge: '9', licence: 'CORP-ADD', unit: 'Month' },
      { type: 'Monthly', charge: '15', condition: ['Responses', 'Unlimited'], unit: 'Month' },
    ],
    vendorReference: 'Responses',
    provisioning: 'None',
    description: 'Build forms with your logo, collect responses and post them to your own systems.',
  },
  {
    owner: 'Contoso Software',
    name: 'Contoso Whiteboard',
    intro: 'Free online whiteboard for meetings',
    category: 'Productivity',
    tags: ['Collaboration', 'Free'],
    icon: 'office',
    parents: ['User', 'Company'],
    fields: [],
    rules: [{ type: 'Monthly', charge: '0', licence: 'CORP-FREE' }],
    provisioning: 'None',
    description: 'An infinite canvas for meetings and workshops, free with every Contoso account.',
  },
  // --- Fabrikam Security ------------------------------------------------------------------------
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Endpoint Protection',
    intro: 'Antivirus and ransomware protection for every device',
    category: 'Security',
    tags: ['Security', 'Endpoint', 'Per device'],
    icon: 'endpoint',
    fields: [
      field('Devices', 'Protected devices', 'Numeric', {
        MinValue: 1,
        MaxValue: 5000,
        DisplayType: 'Mandatory',
        IsUsageBased: true,
      }),
      field('Platform', 'Platform', 'Combobox', { AvailableValues: values('Windows', 'macOS', 'Linux', 'Mixed') }),
      field('AgentKey', 'Agent installation key', 'Textbox', { DisplayType: 'Readonly', DisplayTypeOnModify: 'Readonly' }),
    ],
    rules: [
      { type: 'Monthly', charge: '2.80', licence: 'CORP-SEAT', udrc: 'Devices', selection: 'Max', allowDecrease: true },
      { type: 'Monthly', charge: '0.60', condition: ['Platform', 'Linux'], udrc: 'Devices' },
      { type: 'Monthly', charge: '0.40', condition: ['Platform', 'Mixed'], udrc: 'Devices' },
    ],
    vendorReference: 'AgentKey',
    priceProtection: 90,
    provisioning: 'Http',
    custom: [
      { name: 'Reset agent key', icon: 'key', fields: ['AgentKey'] },
      { name: 'Isolate all devices', icon: 'lock', fields: [], method: 'Email' },
    ],
    description: `Fabrikam Endpoint Protection stops malware and ransomware before it runs.

- Behaviour-based detection with automatic rollback
- One console for Windows, macOS and Linux`,
    de: 'Fabrikam Endpoint Protection stoppt Malware und Ransomware, bevor sie ausgeführt wird.',
    terms: TERMS_FABRIKAM,
    promoted: true,
    videos: ['https://youtu.be/dQw4w9WgXcQ'],
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam EDR Add-on',
    intro: 'Detection and response for Endpoint Protection',
    category: 'Security',
    tags: ['Security', 'Endpoint', 'Add-on'],
    icon: 'endpoint',
    parents: ['Product'],
    parentProduct: 'Fabrikam Endpoint Protection',
    dependencies: ['Fabrikam Endpoint Protection'],
    fields: [field('Devices', 'Devices', 'Numeric', { MinValue: 1, MaxValue: 5000, InheritValueFromParent: true })],
    rules: [{ type: 'Monthly', charge: '1.90', licence: 'CORP-ADD', udrc: 'Devices' }],
    vendorReference: 'Devices',
    provisioning: 'Http',
    description: 'Adds threat hunting, a 90-day event history and one-click remediation.',
    terms: TERMS_FABRIKAM,
    shareTermsWith: 'Fabrikam Endpoint Protection',
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Mail Security',
    intro: 'Spam, phishing and attachment sandboxing',
    category: 'Security',
    tags: ['Security', 'Mail'],
    icon: 'security',
    fields: [
      field('MailDomain', 'Mail domain', 'Textbox', {
        Validator: '^[a-z0-9.-]+\\.[a-z]{2,}$',
        DisplayType: 'Mandatory',
        IsUnique: true,
      }),
      field('Mailboxes', 'Mailboxes', 'Numeric', { MinValue: 1, MaxValue: 20000 }),
      field('Sandbox', 'Attachment sandbox', 'Checkbox'),
    ],
    rules: [
      { type: 'Monthly', charge: '0.95', licence: 'CORP-SEAT', udrc: 'Mailboxes' },
      {
        type: 'Monthly',
        charge: '0.50',
        condition: ['Sandbox', 'true'],
        udrc: 'Mailboxes',
        review: 'Attachments are opened in a sandbox first',
      },
    ],
    vendorReference: 'MailDomain',
    provisioning: 'Http',
    description: 'Filters spam and phishing and opens attachments in a sandbox before they reach the inbox.',
    terms: TERMS_FABRIKAM,
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Firewall as a Service',
    intro: 'Managed next-generation firewall, billed per hour',
    category: 'Networking',
    tags: ['Security', 'Network'],
    icon: 'firewall',
    fields: [
      field('Throughput', 'Throughput', 'Combobox', {
        AvailableValues: values('100 Mbit/s', '1 Gbit/s', '10 Gbit/s'),
        DisplayType: 'Mandatory',
      }),
      field('AllowedNetworks', 'Allowed networks', 'ListView'),
      field('NatRules', 'NAT rules', 'AdvancedList'),
    ],
    rules: [
      { type: 'Setup', charge: '300', licence: 'INFRA' },
      { type: 'Monthly', charge: '0.12', licence: 'INFRA', unit: 'Hour', condition: ['Throughput', '100 Mbit/s'] },
      { type: 'Monthly', charge: '0.45', licence: 'INFRA', unit: 'Hour', condition: ['Throughput', '1 Gbit/s'] },
      {
        type: 'Monthly',
        charge: '2.10',
        licence: 'INFRA',
        unit: 'Hour',
        condition: ['Throughput', '10 Gbit/s'],
        review: 'Needs a dedicated uplink',
      },
    ],
    vendorReference: 'Throughput',
    datacenter: 'eu-west-ams',
    provisioning: 'Http',
    description: 'A managed firewall in front of your cloud networks, with intrusion prevention and web filtering.',
    terms: TERMS_FABRIKAM,
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Security Awareness Training',
    intro: 'Phishing simulations and short training videos',
    category: 'Training',
    tags: ['Security', 'Training', 'Per user'],
    icon: 'training',
    fields: [
      field('Learners', 'Learners', 'Numeric', { MinValue: 5, MaxValue: 10000, DisplayType: 'Mandatory' }),
      field('CoursePacks', 'Course packs', 'Carousel', {
        AvailableValues: values('Phishing basics', 'Passwords', 'Working remotely'),
      }),
      field('Language', 'Course language', 'Combobox', { AvailableValues: values('English', 'German', 'Dutch') }),
    ],
    rules: [
      { type: 'Monthly', charge: '1.20', licence: 'CORP-SEAT', udrc: 'Learners' },
      { type: 'Monthly', charge: '0.80', licence: 'EDU-SEAT', condition: ['Language', 'Dutch'], udrc: 'Learners' },
    ],
    vendorReference: 'Learners',
    provisioning: 'Email',
    description: 'Monthly phishing simulations and five-minute videos that keep everyone alert.',
    de: 'Monatliche Phishing-Simulationen und Fünf-Minuten-Videos für alle Mitarbeitenden.',
  },
  {
    // [A9.3] The demo's one service name longer than 49 characters: the Discount tab's search cuts it to 46 and "…".
    // Not Security (the explore spec counts Fabrikam's seven) and no Identity tag; between Contoso and Microsoft by name.
    owner: 'Fabrikam Security',
    name: 'Fabrikam Compliance Training for Regulated Industries and the Public Sector',
    intro: 'Yearly compliance courses with attestations for auditors',
    category: 'Training',
    tags: ['Compliance', 'Training', 'Per user'],
    icon: 'training',
    fields: [field('Learners', 'Learners', 'Numeric', { MinValue: 5, MaxValue: 10000, DisplayType: 'Mandatory' })],
    rules: [{ type: 'Monthly', charge: '2.40', licence: 'CORP-SEAT', udrc: 'Learners' }],
    vendorReference: 'Learners',
    provisioning: 'Email',
    description: 'Data protection, anti-bribery and records courses, each ending with an attestation auditors accept.',
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Password Vault',
    intro: 'Shared password vault with audit trail',
    category: 'Security',
    tags: ['Security', 'Identity'],
    icon: 'security',
    fields: [
      field('VaultName', 'Vault name', 'Textbox', { DisplayType: 'Mandatory' }),
      field('RecoveryKey', 'Recovery key', 'Password', { DisplayType: 'Mandatory', DisplayTypeOnModify: 'Hidden' }),
      field('VaultUsers', 'Users', 'Numeric', { MinValue: 1, MaxValue: 2000 }),
    ],
    rules: [{ type: 'Monthly', charge: '3.10', licence: 'CORP-SEAT', udrc: 'VaultUsers' }],
    vendorReference: 'VaultName',
    provisioning: 'Http',
    description: 'Share passwords safely in teams, with every access written to an audit trail.',
    terms: TERMS_FABRIKAM,
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam Vulnerability Scan',
    intro: 'Weekly external scans of your public addresses',
    category: 'Security',
    tags: ['Security', 'Compliance'],
    icon: 'security',
    fields: [
      field('ScannedAddresses', 'Scanned IP addresses', 'Numeric', { MinValue: 1, MaxValue: 1024, IsUsageBased: true }),
      field('ReportRecipients', 'Report recipients', 'PeoplePicker'),
    ],
    rules: [
      {
        type: 'Monthly',
        charge: '0.002',
        licence: 'CORP-ADD',
        unit: 'Minute',
        udrc: 'ScannedAddresses',
        selection: 'Average',
        cancellationDays: 30,
        end: 'Terminate',
      },
    ],
    vendorReference: 'ScannedAddresses',
    provisioning: 'Email',
    description: 'Finds open ports, outdated software and weak ciphers on your public IP addresses every week.',
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam SIEM Log Insights',
    intro: 'Security analytics over your logs',
    category: 'Security',
    tags: ['Security', 'Analytics'],
    icon: 'security',
    fields: [
      field('IngestGb', 'Log ingestion per day (GB)', 'Numeric', { MinValue: 1, MaxValue: 500, IsUsageBased: true }),
      field('Sources', 'Log sources', 'MultiPicker', {
        AvailableValues: values('Firewall', 'Active Directory', 'Endpoints', 'Cloud audit logs'),
      }),
    ],
    layouts: [
      {
        Action: 'CREATE',
        Pages: [
          {
            Name: 'Ingestion',
            PageLayout: 'TwoColumn',
            Type: 'normal',
            Custom: {},
            Blocks: [{ Name: 'Volume', Fields: [{ FieldId: 'IngestGb' }, { FieldId: 'Sources' }] }],
          },
        ],
      },
      {
        Action: 'VIEW',
        Pages: [
          {
            Name: 'Ingestion',
            PageLayout: 'TwoColumn',
            Type: 'normal',
            Custom: {},
            Blocks: [{ Name: 'Volume', Fields: [{ FieldId: 'IngestGb' }, { FieldId: 'Sources' }] }],
          },
          {
            Name: 'Dashboard',
            PageLayout: 'OneColumn',
            Type: 'powerbi',
            Custom: { reportId: 'siem-overview', filterPaneEnabled: 'false' },
            Blocks: [],
          },
        ],
      },
    ],
    rules: [
      { type: 'Monthly', charge: '2.75', licence: 'CORP-ADD', unit: 'Day', udrc: 'IngestGb', selection: 'Max', renewMonths: 12 },
    ],
    vendorReference: 'IngestGb',
    minimumContract: 365,
    provisioning: 'Http',
    description: 'Collects logs from firewalls, directories and endpoints and raises alerts on suspicious patterns.',
    terms: TERMS_FABRIKAM,
  },
  {
    owner: 'Fabrikam Security',
    name: 'Fabrikam MFA',
    intro: 'Multi-factor sign-in with push and hardware keys',
    category: 'Security',
    tags: ['Security', 'Identity', 'Trial'],
    icon: 'security',
    parents: ['Company', 'Department'],
    fields: [field('MfaUsers', 'Users', 'Numeric', { MinValue: 1, MaxValue: 50000 })],
    rules: [
      { type: 'Monthly', charge: '0', licence: 'CORP-TRIAL', udrc: 'MfaUsers' },
      { type: 'Monthly', charge: '1.50', licence: 'CORP-SEAT', udrc: 'MfaUsers' },
    ],
    vendorReference: 'MfaUsers',
    provisioning: 'None',
    description: 'Push notifications, one-time codes and FIDO2 keys for every sign-in.',
  },
  // --- Litware Hosting --------------------------------------------------------------------------
  {
    owner: 'Litware Hosting',
    name: 'Litware Managed Hosting S',
    intro: 'Managed virtual server with 2 vCPU and 4 GB RAM',
    category: 'Hosting',
    tags: ['Hosting', 'Virtual server'],
    icon: 'hosting',
    fields: [
      field('Hostname', 'Host name', 'Textbox', {
        Validator: '^[a-z][a-z0-9-]{1,62}$',
        DisplayType: 'Mandatory',
        DisplayTypeOnModify: 'Readonly',
        IsUnique: true,
      }),
      field('OperatingSystem', 'Operating system', 'Combobox', {
        AvailableValues: values('Ubuntu 24.04', 'Debian 12', 'Windows Server 2022'),
        DisplayType: 'Mandatory',
      }),
      field('ExtraStorage', 'Extra storage (GB)', 'Numeric', { MinValue: 0, MaxValue: 2000 }),
    ],
    rules: [
      { type: 'Setup', charge: '59', licence: 'INFRA' },
      { type: 'Monthly', charge: '24', licence: 'INFRA', unit: 'Month' },
      {
        type: 'Monthly',
        charge: '18',
        condition: ['OperatingSystem', 'Windows Server 2022'],
        unit: 'Month',
        review: 'Includes the Windows Server licence',
      },
      { type: 'Monthly', charge: '0.08', udrc: 'ExtraStorage', unit: 'Month' },
    ],
    vendorReference: 'Hostname',
    priceProtection: 180,
    grace: 48,
    datacenter: 'eu-west-ams',
    provisioning: 'Http',
    custom: [
      { name: 'Reboot server', icon: 'power', fields: [] },
      { name: 'Resize disk', icon: 'settings', fields: ['ExtraStorage'] },
    ],
    confirmation: {
      Title: 'Your server is being built',
      Message: 'Server **{{Hostname}}** is ready in about 10 minutes; we send the credentials by e-mail.',
    },
    description: `A managed virtual server: patched, monitored and backed up by Litware engineers.

| Size | vCPU | RAM | Disk |
|---|---|---|---|
| S | 2 | 4 GB | 80 GB |
| M | 4 | 16 GB | 160 GB |
| L | 8 | 32 GB | 320 GB |`,
    de: 'Ein verwalteter virtueller Server: gepatcht, überwacht und gesichert von Litware.',
    terms: TERMS_LITWARE,
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Managed Hosting M',
    intro: 'Managed virtual server with 4 vCPU and 16 GB RAM',
    category: 'Hosting',
    tags: ['Hosting', 'Virtual server'],
    icon: 'hosting',
    fields: [
      field('Hostname', 'Host name', 'Textbox', {
        Validator: '^[a-z][a-z0-9-]{1,62}$',
        DisplayType: 'Mandatory',
        IsUnique: true,
      }),
      field('OperatingSystem', 'Operating system', 'Combobox', {
        AvailableValues: values('Ubuntu 24.04', 'Debian 12', 'Windows Server 2022'),
      }),
    ],
    rules: [
      { type: 'Setup', charge: '59', licence: 'INFRA' },
      { type: 'Monthly', charge: '69', licence: 'INFRA', unit: 'Month' },
      { type: 'Monthly', charge: '36', condition: ['OperatingSystem', 'Windows Server 2022'], unit: 'Month' },
    ],
    vendorReference: 'Hostname',
    datacenter: 'eu-west-ams',
    provisioning: 'Http',
    description: 'Shared with Litware Managed Hosting S.',
    shareDescriptionWith: 'Litware Managed Hosting S',
    shareTermsWith: 'Litware Managed Hosting S',
    terms: TERMS_LITWARE,
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Managed Hosting L',
    intro: 'Managed server with 8 vCPU, prepaid for 3 years',
    category: 'Hosting',
    tags: ['Hosting', 'Virtual server', 'Prepaid'],
    icon: 'hosting',
    fields: [
      field('Hostname', 'Host name', 'Textbox', {
        Validator: '^[a-z][a-z0-9-]{1,62}$',
        DisplayType: 'Mandatory',
        IsUnique: true,
      }),
    ],
    rules: [
      {
        type: 'Monthly',
        charge: '129',
        licence: 'INFRA',
        unit: 'Month',
        prepaidMonths: 36,
        earlyTermination: true,
        prepaidEnd: 'Renew',
      },
    ],
    vendorReference: 'Hostname',
    datacenter: 'us-east-va',
    provisioning: 'Http',
    description: 'Shared with Litware Managed Hosting S.',
    shareDescriptionWith: 'Litware Managed Hosting S',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Object Storage',
    intro: 'S3-compatible storage billed per terabyte-day',
    category: 'Storage',
    tags: ['Storage', 'Usage based'],
    icon: 'storage',
    fields: [
      field('Terabytes', 'Stored terabytes', 'Numeric', { MinValue: 0, MaxValue: 1000, IsUsageBased: true }),
      field('Bucket', 'Bucket name', 'Textbox', { Validator: '^[a-z0-9][a-z0-9.-]{2,62}$', DisplayType: 'Mandatory' }),
    ],
    rules: [
      {
        type: 'Monthly',
        charge: '0.65',
        licence: 'INFRA',
        unit: 'Day',
        udrc: 'Terabytes',
        selection: 'Average',
        allowDecrease: true,
      },
    ],
    vendorReference: 'Bucket',
    datacenter: 'eu-central-fra',
    provisioning: 'Http',
    description: 'S3-compatible object storage with versioning and object lock.',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Managed Kubernetes',
    intro: 'Production Kubernetes clusters run by Litware',
    category: 'Hosting',
    tags: ['Hosting', 'Containers'],
    icon: 'hosting',
    fields: [
      field('Nodes', 'Worker nodes', 'Numeric', { MinValue: 3, MaxValue: 100, DisplayType: 'Mandatory', IsUsageBased: true }),
      field('Region', 'Region', 'Combobox', {
        AvailableValues: values('Amsterdam', 'Frankfurt', 'Virginia'),
        DisplayType: 'Mandatory',
      }),
      field('ClusterName', 'Cluster name', 'Textbox', {
        Validator: '^[a-z][a-z0-9-]{2,30}$',
        DisplayType: 'Mandatory',
        DisplayTypeOnModify: 'Readonly',
      }),
    ],
    rules: [
      { type: 'Monthly', charge: '0.11', licence: 'INFRA', unit: 'Hour', udrc: 'Nodes', selection: 'Max' },
      { type: 'Monthly', charge: '0.02', condition: ['Region', 'Virginia'], unit: 'Hour', udrc: 'Nodes' },
      { type: 'Setup', charge: '150', licence: 'INFRA' },
    ],
    vendorReference: 'ClusterName',
    datacenter: 'eu-west-ams',
    provisioning: 'Http',
    custom: [{ name: 'Scale cluster', icon: 'settings', fields: ['Nodes'] }],
    description: 'Highly available control plane, automatic upgrades and 24x7 monitoring of your clusters.',
    terms: TERMS_LITWARE,
    promoted: true,
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Web Hosting Starter',
    intro: 'Website hosting with free SSL certificate',
    category: 'Hosting',
    tags: ['Hosting', 'Web'],
    icon: 'hosting',
    parents: ['Company', 'User'],
    fields: [
      field('Website', 'Website address', 'Url', { DisplayType: 'Mandatory' }),
      field('Ssl', 'Free SSL certificate', 'Checkbox'),
    ],
    rules: [
      { type: 'Monthly', charge: '4.99', licence: 'INFRA', unit: 'Month' },
      { type: 'Setup', charge: '0', licence: 'INFRA' },
    ],
    vendorReference: 'Website',
    provisioning: 'Email',
    description: 'PHP and static websites with a free certificate, daily backups and 10 GB storage.',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware SQL Database',
    intro: 'Managed PostgreSQL and SQL Server databases',
    category: 'Hosting',
    tags: ['Hosting', 'Database'],
    icon: 'storage',
    fields: [
      field('Engine', 'Engine', 'Combobox', {
        AvailableValues: values('PostgreSQL 16', 'SQL Server 2022'),
        DisplayType: 'Mandatory',
      }),
      field('StorageGb', 'Storage (GB)', 'Numeric', { MinValue: 10, MaxValue: 4000 }),
      field('Tier', 'Tier', 'Combobox', { AvailableValues: values('General purpose', 'Business critical') }),
    ],
    rules: [
      { type: 'Monthly', charge: '45', licence: 'INFRA', unit: 'Month' },
      { type: 'Monthly', charge: '0.15', udrc: 'StorageGb', unit: 'Month' },
      { type: 'Monthly', charge: '120', condition: ['Tier', 'Business critical'], unit: 'Month' },
      { type: 'Monthly', charge: '60', condition: ['Engine', 'SQL Server 2022'], unit: 'Month' },
    ],
    vendorReference: 'Engine',
    datacenter: 'eu-central-fra',
    provisioning: 'Http',
    description: 'Automatic backups, point-in-time restore and read replicas on request.',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware VPN Gateway',
    intro: 'Site-to-site VPN into your Litware network',
    category: 'Networking',
    tags: ['Network'],
    icon: 'network',
    fields: [
      field('SiteRanges', 'Site address ranges', 'ListView'),
      field('PeerAddress', 'Peer gateway address', 'Textbox', { DisplayType: 'Mandatory' }),
    ],
    rules: [
      { type: 'Setup', charge: '120', licence: 'INFRA' },
      { type: 'Monthly', charge: '35', licence: 'INFRA', unit: 'Month', cancellationDays: 30 },
    ],
    vendorReference: 'PeerAddress',
    datacenter: 'eu-west-ams',
    provisioning: 'Email',
    description: 'IPsec site-to-site VPN with two tunnels for redundancy.',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware DDoS Protection',
    intro: 'Always-on DDoS filtering for a hosted server',
    category: 'Networking',
    tags: ['Network', 'Security', 'Add-on'],
    icon: 'network',
    parents: ['Product'],
    parentProduct: 'Litware Managed Hosting S',
    dependencies: ['Litware Managed Hosting S'],
    fields: [],
    rules: [{ type: 'Monthly', charge: '19', licence: 'INFRA', unit: 'Month' }],
    provisioning: 'Http',
    description: 'Filters volumetric and protocol attacks before they reach your server.',
  },
  {
    owner: 'Litware Hosting',
    name: 'Litware Backup Vault',
    intro: 'Snapshots of your Litware servers',
    category: 'Backup',
    tags: ['Backup', 'Hosting'],
    icon: 'backup',
    fields: [field('Snapshots', 'Snapshots kept', 'Combobox', { AvailableValues: values('7', '14', '30') })],
    rules: [
      { type: 'Monthly', charge: '5', licence: 'INFRA', unit: 'Month' },
      { type: 'Monthly', charge: '4', condition: ['Snapshots', '30'], unit: 'Month' },
    ],
    vendorReference: 'Snapshots',
    provisioning: 'None',
    description: 'Daily snapshots of Litware servers, kept for up to 30 days.',
    terms: TERMS_LITWARE,
    shareTermsWith: 'Litware Managed Hosting S',
  },
];

async function seedCaller(db: Db): Promise<Caller | null> {
  const [provider] = await db.query<{ id: number; path: string; display_name: string }>(
    "SELECT id, path, display_name FROM accounts WHERE account_type = 'Provider' LIMIT 1",
  );
  if (!provider) return null;
  const [admin] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE username = 'provider.admin'");
  return {
    userId: admin?.id ?? provider.id,
    username: 'provider.admin',
    displayName: 'Demo seed',
    sessionId: 'demo-seed',
    impersonatorId: null,
    impersonatorDisplayName: null,
    scope: { rootId: provider.id, rootPath: provider.path, rootType: 'Provider', rootDisplayName: provider.display_name },
    capabilities: new Set([...allCapabilityKeys(), ...contextualCapabilityKeys()]),
  };
}

/**
 * Seeds the demo catalogue through the service tool's own create and update paths, so every demo
 * service passes the same validation as one made in the window. Idempotent: does nothing when any
 * service exists.
 */
export async function seedDemoServices(db: Db, now = new Date()): Promise<{ created: number }> {
  if ((await repo.countAllServices(db)) > 0) return { created: 0 };
  const caller = await seedCaller(db);
  if (!caller) throw new Error('seed the demo tenant first');
  const owners = await repo.findOrganisationsByName(db, [...new Set(DEMO_SERVICES.map((s) => s.owner))]);
  let created = 0;
  for (const s of DEMO_SERVICES) {
    const ownerId = owners.get(s.owner);
    if (ownerId === undefined) continue;
    const input = toInput(s);
    for (const [share, type] of [
      [s.shareDescriptionWith, 'Description'],
      [s.shareTermsWith, 'TermsAndConditions'],
    ] as const) {
      if (!share) continue;
      const other = await getService(db, caller, share);
      const linked = other.Descriptions.filter((d) => d.Type === type);
      input.Descriptions = [...(input.Descriptions ?? []).filter((d) => d.Type !== type), ...linked];
    }
    const parsed = CreateServiceInputSchema.parse({ ...input, OwnerAccountId: ownerId });
    await db.transaction((tx) => createService(tx, caller, parsed, now));
    await runDueCreationJobs(db);
    created++;
  }
  // A major change of the Contoso terms: customers must accept revision 2 [S2.11].
  const office = await getService(db, caller, 'Contoso Office Business');
  const descriptions = office.Descriptions.map((d) =>
    d.Type === 'TermsAndConditions'
      ? { ...d, Content: `${d.Content}\n4. Prices may change once a year with 60 days notice.`, IsMajorChange: true }
      : d,
  );
  await db.transaction((tx) =>
    updateService(
      tx,
      caller,
      UpdateServiceInputSchema.parse({ ServiceName: office.ServiceName, Version: office.Version, Descriptions: descriptions }),
      now,
    ),
  );
  return { created };
}
