/**
 * The service catalogue: the services providers and vendors build in the service tool [S1.1], with
 * their fields, layouts, billing rules, provisioning actions and localized descriptions [S3.*], and
 * the service tool's operations [S7.1]-[S7.3].
 *
 * The schemas here describe shapes and formats only. The spec's limits and cross-field rules
 * ([S5.*]) live in `service-validation.ts` as pure functions, so the form and the server give the
 * same messages.
 *
 * @example
 * const service = ServiceDocumentSchema.parse(json); // defaults filled in [S9.5]
 * const errors = validateServiceDocument(service, { mode: 'create' });
 */
import { z } from 'zod';
import type { CapabilityName, PermissionKind } from './capabilities.js';
import { JobIdSchema } from './jobs.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

// ---------------------------------------------------------------------------------------------
// Constants of the model
// ---------------------------------------------------------------------------------------------

/** [S3.2] Field types the service tool offers. */
export const SERVICE_FIELD_TYPES = [
  'Textbox',
  'TextArea',
  'Password',
  'Url',
  'Combobox',
  'Checkbox',
  'PeoplePicker',
  'MultiPicker',
  'Numeric',
  'FilePicker',
  'ListView',
  'AdvancedList',
  'Carousel',
] as const;
export const ServiceFieldTypeSchema = z.enum(SERVICE_FIELD_TYPES);
export type ServiceFieldType = z.infer<typeof ServiceFieldTypeSchema>;

/** [S3.2] How a field shows on create (DisplayType) and on modify (DisplayTypeOnModify). */
export const FIELD_DISPLAY_TYPES = ['Mandatory', 'Optional', 'Readonly', 'Hidden'] as const;
export const FieldDisplayTypeSchema = z.enum(FIELD_DISPLAY_TYPES);
export type FieldDisplayType = z.infer<typeof FieldDisplayTypeSchema>;

/** [S2.5], [S3.1] The account types a service can be created under. */
export const PARENT_ACCOUNT_TYPES = ['User', 'Company', 'Reseller', 'Department', 'Product'] as const;
export const ParentAccountTypeSchema = z.enum(PARENT_ACCOUNT_TYPES);
export type ParentAccountType = z.infer<typeof ParentAccountTypeSchema>;

/** [S3.3] Layout actions, in the order layouts are kept: CREATE then VIEW. */
export const LAYOUT_ACTIONS = ['CREATE', 'VIEW'] as const;
export const LayoutActionSchema = z.enum(LAYOUT_ACTIONS);
export type LayoutAction = z.infer<typeof LayoutActionSchema>;
export const PAGE_LAYOUTS = ['OneColumn', 'TwoColumn'] as const;
export const PAGE_TYPES = ['normal', 'powerbi'] as const;

/** [S3.4] */
export const DESCRIPTION_TYPES = ['Description', 'TermsAndConditions'] as const;
export const DescriptionTypeSchema = z.enum(DESCRIPTION_TYPES);
export type DescriptionType = z.infer<typeof DescriptionTypeSchema>;

/** [S3.5] */
export const CHARGE_TYPES = ['Monthly', 'Setup'] as const;
export const ChargeTypeSchema = z.enum(CHARGE_TYPES);
export type ChargeType = z.infer<typeof ChargeTypeSchema>;
export const BILLABLE_TIME_UNITS = ['Month', 'Day', 'Hour', 'Minute'] as const;
export const UDRC_VALUE_SELECTIONS = ['FirstOfTimeUnit', 'LastOfTimeUnit', 'First', 'Last', 'Min', 'Max', 'Average'] as const;
export const END_DATE_ACTIONS = ['Renew', 'Terminate'] as const;
export const EndDateActionSchema = z.enum(END_DATE_ACTIONS);

/** [S3.5] Licence types: CORP, EDU, GOV and NP each with ADD, FREE, SEAT and TRIAL, plus INFRA and SUPPORT. */
export const LICENCE_TYPES = [
  ...(['CORP', 'EDU', 'GOV', 'NP'] as const).flatMap((segment) =>
    (['ADD', 'FREE', 'SEAT', 'TRIAL'] as const).map((kind) => `${segment}-${kind}` as const),
  ),
  'INFRA',
  'SUPPORT',
] as const;
export const LicenceTypeSchema = z.enum(LICENCE_TYPES as unknown as [string, ...string[]]);

/** [S3.6] The fixed provisioning actions; custom actions are named CustomAction_N. */
export const STANDARD_PROVISIONING_ACTIONS = ['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY'] as const;
export const CUSTOM_ACTION_PATTERN = /^CustomAction_([1-9]\d{0,2})$/;
export const ProvisioningActionNameSchema = z
  .string()
  .regex(/^(CREATE|MODIFY|DELETE|RENEW|RENEWMODIFY|CustomAction_[1-9]\d{0,2})$/, 'Unknown provisioning action');
export const PROVISIONING_METHODS = ['None', 'Http', 'Email'] as const;
export const ProvisioningMethodSchema = z.enum(PROVISIONING_METHODS);
export type ProvisioningMethod = z.infer<typeof ProvisioningMethodSchema>;
export const HTTP_AUTH_KINDS = ['No', 'Basic'] as const;
export const HTTP_METHODS = ['POST', 'PUT', 'PATCH', 'GET', 'DELETE'] as const;
export const HTTP_CONTENT_TYPES = [
  'text/json',
  'application/json',
  'text/xml',
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/plain',
] as const;
export const EMAIL_ATTACHMENT_TYPES = ['xml', 'json', 'none'] as const;
/** Icons a custom action can show; [S9.5] the default is running-man. */
export const CUSTOM_ACTION_ICONS = [
  'running-man',
  'refresh',
  'key',
  'lock',
  'unlock',
  'mail',
  'user',
  'settings',
  'power',
  'download',
  'upload',
  'trash',
  'play',
  'pause',
  'cloud',
] as const;

/** [S3.1] The service status the spec knows; a Promoted service restricts edit rights [S4.9]. */
export const SERVICE_STATUS_PROMOTED = 'Promoted';
/** Where a service is in its asynchronous creation [S1.1]. */
export const SERVICE_STATES = ['Creating', 'Active', 'Failed'] as const;
export const ServiceStateSchema = z.enum(SERVICE_STATES);
export type ServiceState = z.infer<typeof ServiceStateSchema>;

/** [S3.2] Ids the form generates before the server assigns a permanent one carry this marker. */
export const GENERATED_ID_MARKER = '__gen__';

// ---------------------------------------------------------------------------------------------
// Field, layout
// ---------------------------------------------------------------------------------------------

/** A field id: a permanent one ('NumberOfUsers') or one the form generated ('__gen__k3j2'). */
export const ServiceFieldIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'A field id has 1 to 100 letters, digits, _ . or -');

export const RemoteDataSourceSchema = z.object({
  Endpoint: z.string().max(2000),
  RequestBodyTemplate: z.string().max(20_000).default(''),
});
export type RemoteDataSource = z.infer<typeof RemoteDataSourceSchema>;

export const RemoteValidationSchema = z.object({
  Endpoint: z.string().max(2000),
  RequestBody: z.string().max(20_000).default(''),
});

/** [S3.2] A field of a service. */
export const ServiceFieldSchema = z.object({
  Id: ServiceFieldIdSchema,
  DisplayName: z.string().max(1000),
  FieldType: ServiceFieldTypeSchema,
  FieldTypeTitle: z.string().max(200).nullable().default(null),
  Tooltip: z.string().max(2000).default(''),
  /** May use placeholders; not shown for Numeric. */
  PlaceholderDefaultValue: z.string().max(5000).default(''),
  AvailableValues: z
    .array(z.object({ Value: z.string().max(1000) }))
    .max(500)
    .default([]),
  TriggerFieldChanges: z.boolean().default(false),
  DisplayType: FieldDisplayTypeSchema.default('Optional'),
  DisplayTypeOnModify: FieldDisplayTypeSchema.default('Optional'),
  IsUnique: z.boolean().default(false),
  IsUsageBased: z.boolean().default(false),
  MinValue: z.number().nullable().default(null),
  MaxValue: z.number().nullable().default(null),
  /** A regular expression, as /pattern/flags or a plain pattern [S5.9]. */
  Validator: z.string().max(2000).nullable().default(null),
  RemoteDataSource: RemoteDataSourceSchema.nullable().default(null),
  IsRemoteValidation: z.boolean().default(false),
  RemoteValidation: RemoteValidationSchema.nullable().default(null),
  InheritValueFromParent: z.boolean().default(false),
});
export type ServiceField = z.infer<typeof ServiceFieldSchema>;
export type ServiceFieldInput = z.input<typeof ServiceFieldSchema>;

/** [S3.3] A group of fields on a page. */
export const ServiceBlockSchema = z.object({
  Name: z.string().max(500),
  Fields: z.array(z.object({ FieldId: ServiceFieldIdSchema })).default([]),
});
export type ServiceBlock = z.infer<typeof ServiceBlockSchema>;

/** [S3.3] A page (tab) of a layout; a powerbi page shows custom key/value rows instead of blocks. */
export const ServicePageSchema = z.object({
  Name: z.string().max(500),
  PageLayout: z.enum(PAGE_LAYOUTS).default('TwoColumn'),
  Type: z.enum(PAGE_TYPES).default('normal'),
  Custom: z.record(z.string().max(200), z.string().max(2000)).default({}),
  Blocks: z.array(ServiceBlockSchema).default([]),
});
export type ServicePage = z.infer<typeof ServicePageSchema>;

export const ServiceLayoutSchema = z.object({
  Action: LayoutActionSchema,
  Pages: z.array(ServicePageSchema).default([]),
});
export type ServiceLayout = z.infer<typeof ServiceLayoutSchema>;

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

/**
 * A price on the wire: a decimal string. The rules check it is at least 0 with at most 6 decimals
 * [S5.13]; the schema only checks it is a string, so the form and the server can name the mistake.
 */
export const PriceSchema = z.string().max(40);

export const SuggestedRetailPriceSchema = z.object({
  Id: z.string().max(100).nullable().default(null),
  /** ISO 4217 code, one of GetAvailableCurrencyList. */
  Currency: z.string().max(3),
  Charge: PriceSchema,
});
export type SuggestedRetailPrice = z.infer<typeof SuggestedRetailPriceSchema>;

/** [S3.5] Prepaid (advance payment) settings of a billing rule. The spelling Lenght is the wire name. */
export const AdvancePaymentConfigurationSchema = z.object({
  AdvancePeriodLenghtInMonths: z.number(),
  AllowEarlyTermination: z.boolean().default(false),
  AdvancePeriodEndDateAction: EndDateActionSchema.default('Renew'),
});
export type AdvancePaymentConfiguration = z.infer<typeof AdvancePaymentConfigurationSchema>;

export const ContractRenewSchema = z.object({
  ContractRenewRequired: z.boolean().default(false),
  ContractRenewPeriodInMonths: z.number().nullable().default(null),
});
export type ContractRenew = z.infer<typeof ContractRenewSchema>;

export const BillingConditionSchema = z.object({
  FieldId: ServiceFieldIdSchema,
  Value: z.string().max(1000),
});
export type BillingCondition = z.infer<typeof BillingConditionSchema>;

/** [S3.5] A fee. Without a Condition it is a base fee; with one it is a field-based fee for one field value. */
export const BillingRuleSchema = z.object({
  Id: z.string().max(100).nullable().default(null),
  /** Spelt as the spec spells it. A disabled rule is kept but not charged. */
  enabled: z.boolean().default(true),
  ChargeType: ChargeTypeSchema,
  BillableTimeUnit: z.enum(BILLABLE_TIME_UNITS).default('Day'),
  /** The vendor's price, in the owner's currency. */
  Charge: PriceSchema.default('0'),
  ChargeFirstTimeUnit: z.boolean().default(true),
  ChargeLastTimeUnit: z.boolean().default(true),
  Condition: BillingConditionSchema.nullable().default(null),
  /** A Numeric field whose value is the quantity charged (usage-based, unit rated). */
  UdrcField: ServiceFieldIdSchema.nullable().default(null),
  UdrcValueSelection: z.enum(UDRC_VALUE_SELECTIONS).default('Last'),
  /** 'Allow decrease' */
  UdrcFieldAllowDecline: z.boolean().default(false),
  LicenceType: LicenceTypeSchema.nullable().default(null),
  VendorSku: z.string().max(200).nullable().default(null),
  /** Assigned by the catalogue when the rule is first saved. */
  PriceableItemId: z.string().max(100).nullable().default(null),
  SuggestedRetailPrices: z.array(SuggestedRetailPriceSchema).default([]),
  AdvancePaymentConfiguration: AdvancePaymentConfigurationSchema.nullable().default(null),
  ContractRenew: ContractRenewSchema.nullable().default(null),
  CancellationWindowInDays: z.number().nullable().default(null),
  EndDateAction: EndDateActionSchema.default('Renew'),
  /** Shown in order review; only kept when the rule has a condition value. */
  OrderReviewMessage: z.string().max(2000).nullable().default(null),
  /** For a Combobox field-based rule: other fields linked to it. */
  LinkedFields: z.array(z.object({ FieldId: ServiceFieldIdSchema, FieldDisplayName: z.string().max(1000) })).default([]),
});
export type BillingRule = z.infer<typeof BillingRuleSchema>;
export type BillingRuleInput = z.input<typeof BillingRuleSchema>;

/** [S3.5] Working flags the billing form keeps on a rule; removed before sending [S5.15]. */
export const BILLING_RULE_WORKING_FLAGS = [
  'advancePaymentConfigurationEnabled',
  'advancePeriodAllowEarlyTermination',
  'advancePeriodLengthInMonths',
  'cancellationWindowInDaysEnabled',
  'cancellationWindowInDays',
  'contractRenewPeriodInMonths',
  'contractRenewRequired',
  'endDateAction',
] as const;

// ---------------------------------------------------------------------------------------------
// Provisioning
// ---------------------------------------------------------------------------------------------

export const ProvisioningHttpSchema = z.object({
  Auth: z.enum(HTTP_AUTH_KINDS).default('No'),
  AuthUsername: z.string().max(200).default(''),
  AuthPassword: z.string().max(200).default(''),
  ContentType: z.enum(HTTP_CONTENT_TYPES).default('text/json'),
  HttpMethod: z.enum(HTTP_METHODS).default('POST'),
  RequestBodyTemplate: z.string().max(50_000).default(''),
  RequestUrlTemplate: z.string().max(2000).default(''),
  UseDefaultRequestBodyFormat: z.boolean().default(false),
});
export type ProvisioningHttp = z.infer<typeof ProvisioningHttpSchema>;

export const ProvisioningEmailSchema = z.object({
  AttachmentType: z.enum(EMAIL_ATTACHMENT_TYPES).default('xml'),
  BodyText: z.string().max(50_000).default(''),
  /** One or more addresses separated by ; or , */
  EmailTo: z.string().max(1000).default(''),
  SubjectTemplate: z.string().max(500).default(''),
});
export type ProvisioningEmail = z.infer<typeof ProvisioningEmailSchema>;

export const CustomActionDetailsSchema = z.object({
  Icon: z.string().max(50).default('running-man'),
  ActionDisplayname: z.string().max(1000).default(''),
  /** Fields shown when the action runs, by field id. */
  Fields: z.array(ServiceFieldIdSchema).default([]),
});
export type CustomActionDetails = z.infer<typeof CustomActionDetailsSchema>;

/** [S3.6] What happens on CREATE, MODIFY, DELETE, RENEW, RENEWMODIFY or a custom action. */
export const ProvisioningActionSchema = z.object({
  Action: ProvisioningActionNameSchema,
  Method: ProvisioningMethodSchema.default('None'),
  ProvisioningHttp: ProvisioningHttpSchema.nullable().default(null),
  ProvisioningEmail: ProvisioningEmailSchema.nullable().default(null),
  CustomActionDetails: CustomActionDetailsSchema.nullable().default(null),
});
export type ProvisioningAction = z.infer<typeof ProvisioningActionSchema>;

export const PostCreationMessageSchema = z.object({
  Title: z.string().max(1000),
  Message: z.string().max(20_000),
});
export type PostCreationMessage = z.infer<typeof PostCreationMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Localization
// ---------------------------------------------------------------------------------------------

/** A language code such as en, de or pt-BR. */
export const LanguageCodeSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language code such as en or pt-BR');

/** [S3.4] A description or terms and conditions in one language. */
export const ServiceDescriptionSchema = z.object({
  Type: DescriptionTypeSchema,
  Title: z.string().max(1000).default(''),
  /** Markdown. */
  Content: z.string().max(200_000).default(''),
  LocalizationLanguageCode: LanguageCodeSchema,
  /** The group this text belongs to; another service's group links the two [S2.11]. Null: a new group. */
  DescriptionGroupId: z.string().max(100).nullable().default(null),
  /** Terms and Conditions only: 'Changes must be reaccepted'. */
  IsMajorChange: z.boolean().default(false),
});
export type ServiceDescription = z.infer<typeof ServiceDescriptionSchema>;

export const DescriptionGroupServiceSchema = z.object({
  ProductName: z.string(),
  DisplayName: z.string(),
  /** The service that created the group. */
  OriginalProduct: z.boolean(),
});

/** [S3.4] A description group: the services sharing one text. */
export const DescriptionGroupSchema = z.object({
  DescriptionGroupId: z.string(),
  DescriptionGroupServices: z.array(DescriptionGroupServiceSchema),
  ProductDescriptionType: DescriptionTypeSchema,
  /** The group's languages, for the 'Language difference' check [S4.8]. */
  Languages: z.array(z.string()),
});
export type DescriptionGroup = z.infer<typeof DescriptionGroupSchema>;

// ---------------------------------------------------------------------------------------------
// Service
// ---------------------------------------------------------------------------------------------

/** [S3.1] Parent: an account type, with the product's service name when the type is Product. */
export const ServiceParentSchema = z.object({
  ParentAccountType: ParentAccountTypeSchema,
  ParentProductName: z.string().max(100).nullable().default(null),
});
export type ServiceParent = z.infer<typeof ServiceParentSchema>;

/**
 * A file of a service: a name returned by POST /keeper/upload, an https URL, or a path on this
 * portal ('/service-icons/backup.png'). Instance-bound, so cleared on import from another pod [S4.1].
 */
export const ServiceFileSchema = z.object({
  Url: z.string().max(2000),
  Description: z.string().max(500).default(''),
});
export type ServiceFile = z.infer<typeof ServiceFileSchema>;

/** [S2.6] A YouTube video with an optional caption. */
export const ServiceVideoSchema = z.object({
  Url: z.string().max(2000),
  Description: z.string().max(500).default(''),
});
export type ServiceVideo = z.infer<typeof ServiceVideoSchema>;

/** Every editable property of a service: what the form edits, CreateService takes and ExportService writes. */
const documentShape = {
  /** The service's unique key (also the product name of its subscriptions); fixed after creation. */
  ServiceName: z.string().max(1000),
  DisplayName: z.string().max(1000),
  /** Intro text. */
  ShortDescription: z.string().max(1000).default(''),
  Category: z.string().max(100).nullable().default(null),
  Tags: z.array(z.string().max(100)).max(100).default([]),
  Icon: z.string().max(2000).nullable().default(null),
  Parents: z.array(ServiceParentSchema).max(50).default([]),
  /** Service names this service needs. */
  Dependencies: z.array(z.string().max(1000)).max(50).default([]),
  CanHaveOnlyOneInstanceUnderParent: z.boolean().default(false),
  Fields: z.array(ServiceFieldSchema).max(300).default([]),
  Layouts: z.array(ServiceLayoutSchema).max(2).default([]),
  BillingRules: z.array(BillingRuleSchema).max(1000).default([]),
  PriceProtectionLengthInDays: z.number().nullable().default(null),
  MinimumContractPeriodInDays: z.number().nullable().default(null),
  GracePeriodInHours: z.number().nullable().default(null),
  Descriptions: z.array(ServiceDescriptionSchema).max(200).default([]),
  Screenshots: z.array(ServiceFileSchema).max(50).default([]),
  Downloads: z.array(ServiceFileSchema).max(50).default([]),
  ServiceVideos: z.array(ServiceVideoSchema).max(50).default([]),
  Datacenter: z.string().max(100).nullable().default(null),
  DefaultLanguage: LanguageCodeSchema.default('en'),
  PostCreationMessage: z.array(PostCreationMessageSchema).max(1).default([]),
  ProvisioningActions: z.array(ProvisioningActionSchema).max(60).default([]),
  /** The id of the field whose value the vendor uses as its reference. */
  VendorReferenceField: ServiceFieldIdSchema.nullable().default(null),
  /** 'Promoted' or null; set by the provider. */
  ServiceStatus: z.string().max(50).nullable().default(null),
  IsComplexProduct: z.boolean().default(false),
  /** The instance (pod) the service was exported from. */
  pod_id: z.string().max(100).nullable().default(null),
};

/** The editable service document, defaults filled in [S9.5]. */
export const ServiceDocumentSchema = z.object(documentShape);
export type ServiceDocument = z.infer<typeof ServiceDocumentSchema>;
export type ServiceDocumentInput = z.input<typeof ServiceDocumentSchema>;

/** [S6.1] The areas of a service, each guarded by its own capability. */
export const SERVICE_AREAS = ['Info', 'Files', 'Description', 'Fields', 'Billing', 'Provisioning'] as const;
export const ServiceAreaSchema = z.enum(SERVICE_AREAS);
export type ServiceArea = z.infer<typeof ServiceAreaSchema>;

export const SERVICE_AREA_CAPABILITY = {
  Info: 'SERVICE_TOOL_INFO',
  Files: 'SERVICE_TOOL_FILES',
  Description: 'SERVICE_TOOL_DESCRIPTION',
  Fields: 'SERVICE_TOOL_FIELDS',
  Billing: 'SERVICE_TOOL_BILLING',
  Provisioning: 'SERVICE_TOOL_PROVISIONING',
} as const satisfies Record<ServiceArea, CapabilityName>;

/**
 * [S6.2] The properties of each area, removed from an update when the caller lacks the area's
 * UPDATE capability. The spec lists no area for VendorReferenceField and DefaultLanguage; they are
 * edited on the Billing and Localization tabs, so they follow those areas (docs/decisions/0005-services-catalogue-model.md).
 */
export const SERVICE_AREA_PROPERTIES = {
  Info: [
    'DisplayName',
    'ShortDescription',
    'Category',
    'Tags',
    'Parents',
    'Dependencies',
    'Icon',
    'CanHaveOnlyOneInstanceUnderParent',
  ],
  Files: ['Screenshots', 'ServiceVideos', 'Downloads'],
  Description: ['Descriptions', 'DefaultLanguage'],
  Fields: ['Fields', 'Layouts'],
  Billing: [
    'BillingRules',
    'PriceProtectionLengthInDays',
    'MinimumContractPeriodInDays',
    'GracePeriodInHours',
    'VendorReferenceField',
  ],
  Provisioning: ['Datacenter', 'PostCreationMessage', 'ProvisioningActions'],
} as const satisfies Record<ServiceArea, readonly (keyof ServiceDocument)[]>;

/** [S6.1] The context a capability check passes for a Promoted service. */
export const PROMOTED_CONTEXT = 'PROMOTED';

/**
 * The spelt capability key for a service-tool area, with the PROMOTED context when the service is
 * Promoted [S6.1], [M6.16]: `SERVICE_TOOL_BILLING_UPDATE` or `SERVICE_TOOL_BILLING_UPDATE:PROMOTED`.
 */
export function serviceAreaCapabilityKey(area: ServiceArea, kind: PermissionKind, serviceStatus: string | null = null): string {
  const key = `${SERVICE_AREA_CAPABILITY[area]}_${kind}`;
  return kind === 'UPDATE' && serviceStatus === SERVICE_STATUS_PROMOTED ? `${key}:${PROMOTED_CONTEXT}` : key;
}

/** The areas a caller holding `granted` may read, or update for a service of this status. */
export function allowedServiceAreas(
  granted: ReadonlySet<string>,
  kind: 'READ' | 'UPDATE',
  serviceStatus: string | null = null,
): ServiceArea[] {
  return SERVICE_AREAS.filter((area) => granted.has(serviceAreaCapabilityKey(area, kind, serviceStatus)));
}

export const ServiceOwnerSchema = z.object({
  OwnerId: z.number().int(),
  OwnerName: z.string(),
});

/** [S3.1] A stored service as GetService returns it. */
export const ServiceSchema = ServiceDocumentSchema.extend({
  Id: z.number().int(),
  State: ServiceStateSchema,
  /** Why creation failed, when State is Failed. */
  StateMessage: z.string().nullable(),
  Owner: ServiceOwnerSchema,
  CategoryDisplayName: z.string().nullable(),
  CreateDate: z.string(),
  ModifyDate: z.string(),
  /** Decision 0036: the version UpdateService sends back, and who saved the service last. */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
  /** The current terms revision: a major change of the terms starts a new one. */
  LatestTermsRevisionId: z.number().int().nullable(),
  /** Areas the caller may update on this service (PROMOTED context applied) [S6.1]. */
  EditableAreas: z.array(ServiceAreaSchema),
  /** Areas the caller may read; the others come back empty [S6.3]. */
  ReadableAreas: z.array(ServiceAreaSchema),
  /** [S6.4] */
  CanEditRemoteDataSource: z.boolean(),
  CanCreateTags: z.boolean(),
  /**
   * [S4.8] The description group of each text type the service is in, with whether it is the group's
   * original and how many other services share it (contracts' `isGroupLinkLocked`). Empty without
   * SERVICE_TOOL_DESCRIPTION_READ.
   */
  DescriptionGroups: z.array(
    z.object({
      Type: DescriptionTypeSchema,
      DescriptionGroupId: z.string(),
      IsOriginal: z.boolean(),
      OtherServices: z.number().int(),
    }),
  ),
});
export type Service = z.infer<typeof ServiceSchema>;

/** One row of ListServices. */
export const ServiceSummarySchema = z.object({
  Id: z.number().int(),
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  Category: z.string().nullable(),
  CategoryDisplayName: z.string().nullable(),
  Tags: z.array(z.string()),
  Icon: z.string().nullable(),
  State: ServiceStateSchema,
  ServiceStatus: z.string().nullable(),
  Owner: ServiceOwnerSchema,
  CreateDate: z.string(),
  ModifyDate: z.string(),
});
export type ServiceSummary = z.infer<typeof ServiceSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Operations [S7.1]-[S7.3]
// ---------------------------------------------------------------------------------------------

export const SERVICE_LIST_ORDER = ['DisplayName', 'CreateDate', 'ModifyDate'] as const;
export const SERVICE_LIST_PAGE_SIZE = 20;
export const ServiceNameInputSchema = z.object({ ServiceName: z.string().min(1).max(1000) });

export const ListServicesOutputSchema = z.object({
  Services: z.array(ServiceSummarySchema),
  Total: z.number().int(),
  Page: z.number().int(),
  Limit: z.number().int(),
});
export type ListServicesOutput = z.infer<typeof ListServicesOutputSchema>;

export const ListServices = defineOperation({
  name: 'ListServices',
  summary:
    'The services the caller owns (a provider: all), paged and searchable by name. Empty without SERVICE_TOOL_INFO_READ [S7.1], [S6.3]',
  input: z.object({
    Search: z.string().max(200).default(''),
    Category: z.string().max(100).nullable().default(null),
    OwnerAccountId: z.number().int().positive().nullable().default(null),
    OrderBy: z.enum(SERVICE_LIST_ORDER).default('DisplayName'),
    Descending: z.boolean().default(false),
    Page: z.number().int().min(1).default(1),
    Limit: z.number().int().min(1).max(100).default(SERVICE_LIST_PAGE_SIZE),
  }),
  output: ListServicesOutputSchema,
  access: { kind: 'session' },
  mutating: false,
});

export const ServiceCategorySchema = z.object({
  ServiceCategoryName: z.string(),
  ServiceCategoryDisplayName: z.string(),
});
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

export const GetServiceAvailableCategoryList = defineOperation({
  name: 'GetServiceAvailableCategoryList',
  summary: 'Categories a service can have. Empty without SERVICE_TOOL_INFO_READ [S7.1], [S6.3]',
  input: z.object({}),
  output: z.array(ServiceCategorySchema),
  access: { kind: 'session' },
  mutating: false,
});

export const ServiceTagSchema = z.object({ TagValue: z.string() });
export const GetServiceAvailableTagList = defineOperation({
  name: 'GetServiceAvailableTagList',
  summary: 'The known tags. Empty without SERVICE_TOOL_INFO_READ [S7.1], [S6.3]',
  input: z.object({}),
  output: z.array(ServiceTagSchema),
  access: { kind: 'session' },
  mutating: false,
});

export const CurrencySchema = z.object({ CurrencyCode: z.string(), DisplayName: z.string() });
export type Currency = z.infer<typeof CurrencySchema>;
export const GetAvailableCurrencyList = defineOperation({
  name: 'GetAvailableCurrencyList',
  summary: 'Currencies prices can be given in. Empty without SERVICE_TOOL_BILLING_READ [S7.1], [S6.3], [M7.11]',
  input: z.object({}),
  output: z.array(CurrencySchema),
  access: { kind: 'session' },
  mutating: false,
});

export const DatacenterSchema = z.object({ Name: z.string(), DisplayName: z.string() });
export type Datacenter = z.infer<typeof DatacenterSchema>;
export const GetServiceAvailableDatacenters = defineOperation({
  name: 'GetServiceAvailableDatacenters',
  summary: 'Data centers a service can be provisioned in. Empty without SERVICE_TOOL_PROVISIONING_READ [S7.1], [S6.3]',
  input: z.object({}),
  output: z.array(DatacenterSchema),
  access: { kind: 'session' },
  mutating: false,
});

export const GetPossibleDescriptionGroups = defineOperation({
  name: 'GetPossibleDescriptionGroups',
  summary:
    "Description groups of the caller's other services a service can link to. Empty without SERVICE_TOOL_DESCRIPTION_READ [S7.1], [S2.11], [S6.3]",
  input: z.object({
    /** The service being edited (its own group is left out); null in create mode. */
    ServiceName: z.string().max(1000).nullable().default(null),
    ProductDescriptionType: DescriptionTypeSchema,
  }),
  output: z.array(DescriptionGroupSchema),
  access: { kind: 'session' },
  mutating: false,
});

export const GetServiceDescriptions = defineOperation({
  name: 'GetServiceDescriptions',
  summary: "A service's descriptions and terms in every language. Empty without SERVICE_TOOL_DESCRIPTION_READ [S7.2], [S6.3]",
  input: ServiceNameInputSchema,
  output: z.array(ServiceDescriptionSchema),
  access: { kind: 'session' },
  mutating: false,
});

export const GetService = defineOperation({
  name: 'GetService',
  summary: 'One service; areas the caller may not read come back empty [S7.2], [S6.3]',
  input: ServiceNameInputSchema,
  output: ServiceSchema,
  access: { kind: 'capability', capability: { name: 'SERVICE_TOOL_INFO', kind: 'READ' } },
  mutating: false,
});

/** [S8.2] */
export const SERVICE_CREATION_STARTED = {
  title: 'Creation started',
  message: 'Your product is now being created it will appear in Your Services soon',
} as const;
/** [S8.1] */
export const SERVICE_UPDATED = {
  title: 'Service update',
  message: 'Your product has been updated successfully',
} as const;
/** [S8.3] */
export const IMPORTED_FROM_OTHER_INSTANCE = 'Looks like this service is imported from different instance';

export const CreateServiceInputSchema = ServiceDocumentSchema.extend({
  /** The organisation that owns the service; the caller's own by default. A provider may name a vendor. */
  OwnerAccountId: z.number().int().positive().nullable().default(null),
});

/** [S1.1] What the job creating a service reports once it ran (GetJob's Result for 'catalogue.create-service'). */
export const CreationResultSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string().nullable(),
  /** Active once created; the state found when an earlier attempt had finished already. */
  State: ServiceStateSchema.nullable(),
});
export type CreationResult = z.infer<typeof CreationResultSchema>;

export const CreateService = defineOperation({
  name: 'CreateService',
  summary:
    'Start creating a service: it is stored in state Creating and a durable job (JobId) finishes it [S7.3], [S1.1]. Needs MY_SERVICES_CREATE or a SERVICE_TOOL_*_CREATE capability [M6.3]',
  input: CreateServiceInputSchema,
  output: z.object({
    Id: z.number().int(),
    ServiceName: z.string(),
    State: ServiceStateSchema,
    /** The job creating it: GetJob tells its progress [S1.1]. */
    JobId: JobIdSchema,
    Title: z.string(),
    Message: z.string(),
  }),
  access: { kind: 'session' },
  mutating: true,
});

const optionalArea = <T extends z.ZodType>(schema: z.ZodDefault<T>) => schema.unwrap().optional();

/** [S7.3] The same as the document minus Parents; absent properties stay as they are. */
export const UpdateServiceInputSchema = z.object({
  ServiceName: z.string().min(1).max(1000),
  /** The Version GetService returned; a stale one answers 409 with the service as it is now (decision 0036). */
  Version: RecordVersionSchema,
  DisplayName: documentShape.DisplayName.optional(),
  ShortDescription: optionalArea(documentShape.ShortDescription),
  Category: optionalArea(documentShape.Category),
  Tags: optionalArea(documentShape.Tags),
  Icon: optionalArea(documentShape.Icon),
  /** Always removed on update [S6.2]. */
  Parents: optionalArea(documentShape.Parents),
  Dependencies: optionalArea(documentShape.Dependencies),
  CanHaveOnlyOneInstanceUnderParent: optionalArea(documentShape.CanHaveOnlyOneInstanceUnderParent),
  Fields: optionalArea(documentShape.Fields),
  Layouts: optionalArea(documentShape.Layouts),
  BillingRules: optionalArea(documentShape.BillingRules),
  PriceProtectionLengthInDays: optionalArea(documentShape.PriceProtectionLengthInDays),
  MinimumContractPeriodInDays: optionalArea(documentShape.MinimumContractPeriodInDays),
  GracePeriodInHours: optionalArea(documentShape.GracePeriodInHours),
  Descriptions: optionalArea(documentShape.Descriptions),
  Screenshots: optionalArea(documentShape.Screenshots),
  Downloads: optionalArea(documentShape.Downloads),
  ServiceVideos: optionalArea(documentShape.ServiceVideos),
  Datacenter: optionalArea(documentShape.Datacenter),
  DefaultLanguage: optionalArea(documentShape.DefaultLanguage),
  PostCreationMessage: optionalArea(documentShape.PostCreationMessage),
  ProvisioningActions: optionalArea(documentShape.ProvisioningActions),
  VendorReferenceField: optionalArea(documentShape.VendorReferenceField),
  /** Changed by a provider only; ignored otherwise. */
  ServiceStatus: optionalArea(documentShape.ServiceStatus),
});
export type UpdateServiceInput = z.infer<typeof UpdateServiceInputSchema>;

export const UpdateService = defineOperation({
  name: 'UpdateService',
  summary:
    'Save an existing service. Areas the caller may not update (PROMOTED context for a Promoted service) and Parents are removed from the input [S7.3], [S6.2]',
  input: UpdateServiceInputSchema,
  output: z.object({
    Service: ServiceSchema,
    /** Areas removed from the input because the caller may not update them. */
    IgnoredAreas: z.array(ServiceAreaSchema),
    Title: z.string(),
    Message: z.string(),
  }),
  access: { kind: 'session' },
  mutating: true,
});

export const ExportService = defineOperation({
  name: 'ExportService',
  summary: 'A service as a JSON document for ImportService on this or another instance, stamped with this pod id [S4.1]',
  input: ServiceNameInputSchema,
  output: ServiceDocumentSchema,
  access: { kind: 'capability', capability: { name: 'SERVICE_TOOL_INFO', kind: 'READ' } },
  mutating: false,
});

export const ImportService = defineOperation({
  name: 'ImportService',
  summary:
    'Check and clean a service exported as JSON, ready to open in the create window [S4.1], [S5.2]. From another pod, icon, screenshots and downloads are cleared [S8.3]',
  input: z.object({ Service: z.unknown() }),
  output: z.object({
    Service: ServiceDocumentSchema,
    IsFromOtherInstance: z.boolean(),
    /** Information to show, e.g. [S8.3]. */
    Messages: z.array(z.string()),
  }),
  access: { kind: 'session' },
  mutating: false,
});

export const serviceOperations = [
  ListServices,
  GetServiceAvailableCategoryList,
  GetServiceAvailableTagList,
  GetAvailableCurrencyList,
  GetServiceAvailableDatacenters,
  GetPossibleDescriptionGroups,
  GetServiceDescriptions,
  GetService,
  CreateService,
  UpdateService,
  ExportService,
  ImportService,
] as const;
