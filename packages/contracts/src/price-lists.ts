/**
 * Price lists ("my marketplaces") [M1.5] [M3.10] (decision 0033): the caller organisation's lists, their
 * properties and flags, the services they hold (Added or Hidden [M4.13]), copying with a margin [M5.3],
 * renaming [M5.4], deleting, and their assignment to resellers and companies below the owner.
 *
 * Every edit carries the `version` the user saw; a stale one answers 409 CONFLICT with the current
 * price list in `current`.
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { MarketplaceServiceStatusSchema } from './marketplace-search.js';
import { defineOperation } from './operation.js';
import { PRICING_MODES } from './price-list-pricing.js';

/** [M5.3] A new name must be longer than this many characters (trimmed). */
export const MARKETPLACE_NAME_MIN = 3;
export const MARKETPLACE_NAME_MAX = 200;
export const MARKETPLACE_PRIORITY_MIN = 1;
export const MARKETPLACE_PRIORITY_MAX = 1000;
export const MARKETPLACE_DEFAULT_PRIORITY = 100;
/** The largest copy margin in percent; a negative margin down to -100 lowers prices. */
export const MARKETPLACE_MARGIN_MAX = 1000;

/** Page sizes of the price list grid and of a list's service tiles. */
export const MARKETPLACE_PAGE_SIZE = 15;
export const MARKETPLACE_SERVICE_PAGE_SIZE = 12;
export const MARKETPLACE_SERVICE_IDS_MAX = 200;

/** The account types a price list may be assigned to (strictly below its owner). */
export const MARKETPLACE_ASSIGNEE_TYPES = ['Reseller', 'Company'] as const;

export const MarketplaceIdSchema = z.number().int().positive();
export const MarketplaceVersionSchema = z.number().int().min(1);

/** A price list name as typed: trimmed, longer than 2 characters [M5.3]. */
export const MarketplaceNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const message =
      name.length === 0
        ? 'Enter a name'
        : name.length < MARKETPLACE_NAME_MIN
          ? `The name must be longer than ${MARKETPLACE_NAME_MIN - 1} characters`
          : name.length > MARKETPLACE_NAME_MAX
            ? `The name may have at most ${MARKETPLACE_NAME_MAX} characters`
            : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const MarketplacePrioritySchema = z
  .number({ message: 'Enter a whole number' })
  .int({ message: 'Enter a whole number' })
  .min(MARKETPLACE_PRIORITY_MIN, { message: `The priority is at least ${MARKETPLACE_PRIORITY_MIN}` })
  .max(MARKETPLACE_PRIORITY_MAX, { message: `The priority is at most ${MARKETPLACE_PRIORITY_MAX}` });

/** [M5.3] A copy margin in percent as typed: a decimal with at most 2 decimals, default 0. */
export const MarketplaceMarginSchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,4}(\.\d{1,2})?$/, { message: 'Enter a percentage with at most 2 decimals, such as 12.5' })
  .refine((v) => !/^-?\d+(\.\d+)?$/.test(v) || (Number(v) >= -100 && Number(v) <= MARKETPLACE_MARGIN_MAX), {
    message: `The margin is between -100 and ${MARKETPLACE_MARGIN_MAX} percent`,
  });

/** [M3.10] A price list as the caller sees it. */
export const MarketplaceSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  AssigneeCount: z.number().int(),
  ServiceCount: z.number().int(),
  Priority: z.number().int(),
  PricingMode: z.enum(PRICING_MODES),
  IsAutoSrpSyncEnabled: z.boolean(),
  IsAutoAddEnabled: z.boolean(),
  IsPropagationEnabled: z.boolean(),
  /** [M4.26] The markup percent while markup is switched on; null when off. */
  MarkupPercent: z.string().nullable(),
  OwnerAccountId: z.number().int(),
  OwnerName: z.string(),
  /** True when the caller's organisation owns it (or the caller is the provider): it may be edited. */
  IsOwn: z.boolean(),
  /** Taken by every edit; a stale one answers 409 with the list as it is now (decision 0036). */
  Version: z.number().int(),
  /** Who saved the last edit (display name); null when unknown. */
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type Marketplace = z.infer<typeof MarketplaceSchema>;

const pageInput = (defaultSize: number) => ({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(defaultSize),
});

export const MarketplacesPageSchema = z.object({
  Items: z.array(MarketplaceSchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type MarketplacesPage = z.infer<typeof MarketplacesPageSchema>;

const MARKETPLACE_READ = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'READ' } } as const;
const MARKETPLACE_CREATE = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'CREATE' } } as const;
const MARKETPLACE_UPDATE = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'UPDATE' } } as const;
const MARKETPLACE_DELETE = { kind: 'capability', capability: { name: 'MARKETPLACE', kind: 'DELETE' } } as const;

export const ListMarketplaces = defineOperation({
  name: 'ListMarketplaces',
  summary:
    "[M7.18] The price lists the caller's organisation owns (the provider: all) and those assigned to it, by name, paged, with AssigneeCount, ServiceCount, Priority, PricingMode and flags",
  input: z.object({ ...pageInput(MARKETPLACE_PAGE_SIZE), search: z.string().trim().max(200).default('') }),
  output: MarketplacesPageSchema,
  access: MARKETPLACE_READ,
  mutating: false,
});

export const CreateMarketplaceInputSchema = z.object({
  Name: MarketplaceNameSchema,
  Priority: MarketplacePrioritySchema.default(MARKETPLACE_DEFAULT_PRIORITY),
  PricingMode: z.enum(PRICING_MODES).default('legacy'),
});
export type CreateMarketplaceInput = z.input<typeof CreateMarketplaceInputSchema>;

export const CreateMarketplace = defineOperation({
  name: 'CreateMarketplace',
  summary: "[M2.20] [M6.5] Creates an empty price list owned by the caller's organisation (a provider or reseller)",
  input: CreateMarketplaceInputSchema,
  output: MarketplaceSchema,
  access: MARKETPLACE_CREATE,
  mutating: true,
});

export const GetMarketplaceProperties = defineOperation({
  name: 'GetMarketplaceProperties',
  summary: '[M7.18] One price list the caller owns or is assigned, with its counts, priority, mode and flags',
  input: z.object({ id: MarketplaceIdSchema }),
  output: MarketplaceSchema,
  access: MARKETPLACE_READ,
  mutating: false,
});

export const UpdateMarketplaceNameInputSchema = z.object({
  id: MarketplaceIdSchema,
  name: MarketplaceNameSchema,
  version: MarketplaceVersionSchema,
});

export const UpdateMarketplaceName = defineOperation({
  name: 'UpdateMarketplaceName',
  summary: '[M5.4] [M7.18] Renames a price list: not empty, longer than 2 characters, different from the current name',
  input: UpdateMarketplaceNameInputSchema,
  output: MarketplaceSchema,
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

export const UpdateMarketplacePropertiesInputSchema = z.object({
  id: MarketplaceIdSchema,
  version: MarketplaceVersionSchema,
  /** [M6.7] Needs MARKETPLACE_AUTO_SRP_SYNC_FLAG update. */
  IsAutoSrpSyncEnabled: z.boolean().optional(),
  /** [M6.8] Needs MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG update. */
  IsPropagationEnabled: z.boolean().optional(),
  /** [M6.8] Needs MARKETPLACE_AUTO_ADD_SERVICES_FLAG update. */
  IsAutoAddEnabled: z.boolean().optional(),
  Priority: MarketplacePrioritySchema.optional(),
  PricingMode: z.enum(PRICING_MODES).optional(),
});
export type UpdateMarketplacePropertiesInput = z.input<typeof UpdateMarketplacePropertiesInputSchema>;

/** The capability each flag of UpdateMarketplaceProperties needs besides MARKETPLACE update. */
export const MARKETPLACE_FLAG_CAPABILITIES = {
  IsAutoSrpSyncEnabled: 'MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE',
  IsPropagationEnabled: 'MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG_UPDATE',
  IsAutoAddEnabled: 'MARKETPLACE_AUTO_ADD_SERVICES_FLAG_UPDATE',
} as const;

export const UpdateMarketplaceProperties = defineOperation({
  name: 'UpdateMarketplaceProperties',
  summary:
    '[M7.18] [M6.7] [M6.8] Changes the auto SRP sync, propagation and auto-add flags (each with its flag capability), the priority or the pricing mode',
  input: UpdateMarketplacePropertiesInputSchema,
  output: MarketplaceSchema,
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

export const CopyMarketplaceInputSchema = z.object({
  id: MarketplaceIdSchema,
  newName: MarketplaceNameSchema,
  margin: MarketplaceMarginSchema.default('0'),
});
export type CopyMarketplaceInput = z.input<typeof CopyMarketplaceInputSchema>;

export const CopyMarketplace = defineOperation({
  name: 'CopyMarketplace',
  summary:
    "[M7.14] [M5.3] [M6.5] Copies a price list under a new name: its Added services, its own prices times (1 + margin/100), its pricing rules and flags, not its assignments; returns the new list's Id",
  input: CopyMarketplaceInputSchema,
  output: z.object({ Id: z.number().int() }),
  access: MARKETPLACE_CREATE,
  mutating: true,
});

export const DeleteMarketplace = defineOperation({
  name: 'DeleteMarketplace',
  summary: '[M7.18] [M8.13] Deletes a price list with its services, prices, rules and assignments',
  input: z.object({ id: MarketplaceIdSchema, version: MarketplaceVersionSchema }),
  output: z.object({ Id: z.number().int() }),
  access: MARKETPLACE_DELETE,
  mutating: true,
});

export const MarketplaceServiceResultSchema = z.object({
  ServiceId: z.number().int(),
  Status: MarketplaceServiceStatusSchema,
});

export const UpdateMarketplaceServicesInputSchema = z.object({
  marketplaceId: MarketplaceIdSchema,
  services: z
    .array(z.number().int().positive())
    .min(1, { message: 'Choose at least one service' })
    .max(MARKETPLACE_SERVICE_IDS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each service may appear once' }),
  /** True adds the services (Added); false removes them (Hidden when in use, else Deleted) [M4.13]. */
  flag: z.boolean(),
  version: MarketplaceVersionSchema,
});
export type UpdateMarketplaceServicesInput = z.input<typeof UpdateMarketplaceServicesInputSchema>;

export const UpdateMarketplaceServices = defineOperation({
  name: 'UpdateMarketplaceServices',
  summary:
    '[M7.15] [M4.13] Adds services to a price list (Added) or removes them (Hidden when an assignee uses the service, otherwise the row is deleted)',
  input: UpdateMarketplaceServicesInputSchema,
  output: z.object({ Services: z.array(MarketplaceServiceResultSchema), Marketplace: MarketplaceSchema }),
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

/** [M3.16] Service-in-use check result. */
export const ServiceInstancesCheckSchema = z.object({
  IsServiceUsed: z.boolean(),
  ServiceAssignees: z.array(z.object({ AccountId: z.number().int(), CompanyName: z.string() })),
});
export type ServiceInstancesCheck = z.infer<typeof ServiceInstancesCheckSchema>;

export const CheckForMarketplaceServiceInstances = defineOperation({
  name: 'CheckForMarketplaceServiceInstances',
  summary:
    "[M7.18] [M3.16] Whether a price list's assignees (and, with propagation, the accounts below them) have subscriptions of a service, and which assignees",
  input: z.object({ serviceId: z.number().int().positive(), marketplaceId: MarketplaceIdSchema }),
  output: ServiceInstancesCheckSchema,
  access: MARKETPLACE_READ,
  mutating: false,
});

export const MarketplaceServiceTileSchema = z.object({
  ServiceId: z.number().int(),
  ServiceName: z.string(),
  DisplayName: z.string(),
  ShortDescription: z.string(),
  Icon: z.string().nullable(),
  Category: z.string().nullable(),
  OwnerAccountId: z.number().int(),
  OwnerName: z.string(),
  Status: MarketplaceServiceStatusSchema,
});
export type MarketplaceServiceTile = z.infer<typeof MarketplaceServiceTileSchema>;

export const ListMarketplaceServicesLite = defineOperation({
  name: 'ListMarketplaceServicesLite',
  summary: "[M7.18] One page of a price list's services by display name, each with its status (Added or Hidden)",
  input: z.object({
    marketplaceId: MarketplaceIdSchema,
    ...pageInput(MARKETPLACE_SERVICE_PAGE_SIZE),
    search: z.string().trim().max(200).default(''),
  }),
  output: z.object({
    Items: z.array(MarketplaceServiceTileSchema),
    Total: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  access: MARKETPLACE_READ,
  mutating: false,
});

export const GetAvailableMarketplacesForServices = defineOperation({
  name: 'GetAvailableMarketplacesForServices',
  summary: "[M7.16] For each service, the caller organisation's price lists that hold it, with its status there",
  input: z.object({ ids: z.array(z.number().int().positive()).min(1).max(MARKETPLACE_SERVICE_IDS_MAX) }),
  output: z.array(
    z.object({
      ServiceId: z.number().int(),
      Marketplaces: z.array(z.object({ Id: z.number().int(), Name: z.string(), Status: MarketplaceServiceStatusSchema })),
    }),
  ),
  access: MARKETPLACE_READ,
  mutating: false,
});

export const MarketplaceAssigneeSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  AccountType: z.enum(MARKETPLACE_ASSIGNEE_TYPES),
  AssignedAt: z.string(),
});
export type MarketplaceAssignee = z.infer<typeof MarketplaceAssigneeSchema>;

export const ListMarketplaceAssignees = defineOperation({
  name: 'ListMarketplaceAssignees',
  summary: 'The resellers and companies a price list is assigned to, by name, paged',
  input: z.object({ marketplaceId: MarketplaceIdSchema, ...pageInput(MARKETPLACE_PAGE_SIZE) }),
  output: z.object({
    Items: z.array(MarketplaceAssigneeSchema),
    Total: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  access: MARKETPLACE_READ,
  mutating: false,
});

export const ListMarketplaceAssigneeCandidates = defineOperation({
  name: 'ListMarketplaceAssigneeCandidates',
  summary:
    "Resellers and companies strictly below a price list's owner and inside the caller's scope that it is not assigned to yet, searched by name (at most 20)",
  input: z.object({ marketplaceId: MarketplaceIdSchema, search: z.string().trim().max(200).default('') }),
  output: z.array(
    z.object({ AccountId: z.number().int(), DisplayName: z.string(), AccountType: z.enum(MARKETPLACE_ASSIGNEE_TYPES) }),
  ),
  access: MARKETPLACE_UPDATE,
  mutating: false,
});

const AssignmentInputSchema = z.object({
  marketplaceId: MarketplaceIdSchema,
  accountId: AccountIdSchema,
  version: MarketplaceVersionSchema,
});

export const AssignMarketplace = defineOperation({
  name: 'AssignMarketplace',
  summary: "Assigns a price list to a reseller or company strictly below its owner, inside the caller's scope",
  input: AssignmentInputSchema,
  output: MarketplaceSchema,
  access: MARKETPLACE_UPDATE,
  account: (i) => i.accountId,
  mutating: true,
});

export const UnassignMarketplace = defineOperation({
  name: 'UnassignMarketplace',
  summary: 'Removes the assignment of a price list to a reseller or company',
  input: AssignmentInputSchema,
  output: MarketplaceSchema,
  access: MARKETPLACE_UPDATE,
  mutating: true,
});

export const priceListOperations = [
  ListMarketplaces,
  CreateMarketplace,
  GetMarketplaceProperties,
  UpdateMarketplaceName,
  UpdateMarketplaceProperties,
  CopyMarketplace,
  DeleteMarketplace,
  UpdateMarketplaceServices,
  CheckForMarketplaceServiceInstances,
  ListMarketplaceServicesLite,
  GetAvailableMarketplacesForServices,
  ListMarketplaceAssignees,
  ListMarketplaceAssigneeCandidates,
  AssignMarketplace,
  UnassignMarketplace,
] as const;
