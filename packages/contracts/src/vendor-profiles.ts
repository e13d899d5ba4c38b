/**
 * [M1.6] [M3.15] [M7.17] The vendor profile: a vendor (a Company marked as vendor) maintains a logo and a
 * description, which every buyer sees next to the vendor's services.
 *
 * The logo is uploaded through /keeper/upload first; SetProductOwnerProfile then names the upload (its
 * stored name) as Icon. Every Icon the operations answer is an address the browser can load
 * (/keeper/download/{name}), and SetProductOwnerProfile also takes that address back unchanged.
 */
import { z } from 'zod';
import { defineOperation } from './operation.js';

/** [M5.12] The longest description a vendor may keep (the spec's configurable maximum, 700 by default). */
export const VENDOR_DESCRIPTION_MAX_LENGTH = 700;

/** [M5.12] [M9.12] The smallest logo: 496 x 208 px, the size the vendor panel shows it at. */
export const VENDOR_LOGO_MIN_WIDTH = 496;
export const VENDOR_LOGO_MIN_HEIGHT = 208;

/** [M5.12] The logo's file kinds, by extension. */
export const VENDOR_LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/** Where a stored upload is downloaded; the Icon of every answer has this form. */
export const VENDOR_LOGO_URL_PREFIX = '/keeper/download/';

const AccountIdSchema = z.number().int().positive();

export const VendorProfileSchema = z.object({
  AccountId: z.number().int(),
  DisplayName: z.string(),
  Description: z.string(),
  /** An address the browser can load (/keeper/download/{name}), or null without a logo. */
  Icon: z.string().nullable(),
});
export type VendorProfile = z.infer<typeof VendorProfileSchema>;

export const GetVendorProfile = defineOperation({
  name: 'GetVendorProfile',
  summary:
    "A vendor's public profile (name, description and logo) as buyers see it next to the vendor's services; any signed-in user of the same provider may read it",
  input: z.object({ OwnerId: AccountIdSchema }),
  output: VendorProfileSchema,
  access: { kind: 'session' },
  mutating: false,
});

export const ProductOwnerProfileSchema = VendorProfileSchema.extend({
  /** Optimistic concurrency: send it back with SetProductOwnerProfile; 0 while nothing was ever saved. */
  Version: z.number().int().min(0),
  /** [M6.9] True when the caller may apply changes (PRODUCT_OWNER_PROFILE update). */
  CanUpdate: z.boolean(),
  /** [M3.15] The longest description the portal accepts. */
  DescriptionMaxLength: z.number().int().positive(),
});
export type ProductOwnerProfile = z.infer<typeof ProductOwnerProfileSchema>;

export const GetProductOwnerProfile = defineOperation({
  name: 'GetProductOwnerProfile',
  summary:
    "The vendor's own profile for editing, with its version and whether the caller may change it; the account is the caller's organisation or inside it",
  input: z.object({ AccountId: AccountIdSchema }),
  output: ProductOwnerProfileSchema,
  access: { kind: 'session' },
  account: (input) => input.AccountId,
  mutating: false,
});

export const SetProductOwnerProfileInputSchema = z.object({
  AccountId: AccountIdSchema,
  Description: z.string().max(VENDOR_DESCRIPTION_MAX_LENGTH, {
    message: `The description can be at most ${VENDOR_DESCRIPTION_MAX_LENGTH} characters long`,
  }),
  /** The stored name /keeper/upload gave, the current logo's address as read, or null for no logo. */
  Icon: z.string().max(300).nullable(),
  /** The Version read; a stale one answers 409 CONFLICT with the saved values in `current`. */
  Version: z.number().int().min(0),
});
export type SetProductOwnerProfileInput = z.input<typeof SetProductOwnerProfileInputSchema>;

export const SetProductOwnerProfileOutputSchema = z.object({
  Icon: z.string().nullable(),
  Description: z.string(),
  Version: z.number().int(),
});
export type SetProductOwnerProfileOutput = z.infer<typeof SetProductOwnerProfileOutputSchema>;

export const SetProductOwnerProfile = defineOperation({
  name: 'SetProductOwnerProfile',
  summary:
    "Saves the vendor's description and logo (a PNG, JPEG or GIF upload of at least 496 x 208 px); a stale Version answers 409 with the saved profile",
  input: SetProductOwnerProfileInputSchema,
  output: SetProductOwnerProfileOutputSchema,
  access: { kind: 'capability', capability: { name: 'PRODUCT_OWNER_PROFILE', kind: 'UPDATE' } },
  account: (input) => input.AccountId,
  mutating: true,
});

export const vendorProfileOperations = [GetVendorProfile, GetProductOwnerProfile, SetProductOwnerProfile] as const;
