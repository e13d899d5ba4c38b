/**
 * [M1.6] The vendor profile: a vendor's description and logo. Only a vendor (a Company marked as vendor)
 * has one; every other account answers 404 as if it did not exist.
 */
import { buffer } from 'node:stream/consumers';
import {
  type ProductOwnerProfile,
  type SetProductOwnerProfileInput,
  type SetProductOwnerProfileOutput,
  VENDOR_DESCRIPTION_MAX_LENGTH,
  type VendorProfile,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import {
  type FileAttachment,
  type FileStorage,
  findStoredFileToAttach,
  type StoredFileReferences,
} from '../../platform/files/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { findById } from '../accounts/index.js';
import * as repo from './vendor-profiles.repository.js';
import { checkLogo, iconReference, logoUrl, profileChanges } from './vendor-profiles.rules.js';

export const UPDATE_CAPABILITY = 'PRODUCT_OWNER_PROFILE_UPDATE';
export const VENDOR_NOT_FOUND = 'Vendor';
export const UPLOAD_NOT_FOUND = 'This upload was not found; upload the logo again';
export const ICON_NOT_AN_UPLOAD = 'Give the path /keeper/upload returned for the logo';

/** The vendor account (a Company marked as vendor), or 404. */
async function getVendor(db: Queryable, accountId: number) {
  const account = await findById(db, accountId);
  if (account?.account_type !== 'Company' || !account.is_vendor) throw notFound(VENDOR_NOT_FOUND);
  return account;
}

/** The first segment of an account path '/1/5/23/' is its provider. */
const providerPathOf = (path: string) => `/${path.split('/').filter(Boolean)[0] ?? ''}/`;

/**
 * [M7.17] GetVendorProfile: what buyers see beside a vendor's services. Any signed-in user of the same
 * provider may read it (the marketplace shows every vendor to every buyer); another provider's vendor
 * answers 404.
 */
export async function getVendorProfile(db: Queryable, caller: Caller, ownerId: number): Promise<VendorProfile> {
  const vendor = await getVendor(db, ownerId);
  if (!vendor.path.startsWith(providerPathOf(caller.scope.rootPath))) throw notFound(VENDOR_NOT_FOUND);
  const profile = await repo.findProfile(db, vendor.id);
  return {
    AccountId: vendor.id,
    DisplayName: vendor.display_name,
    Description: profile?.description ?? '',
    Icon: logoUrl(profile?.icon_file_id ?? null),
  };
}

/** [M7.17] GetProductOwnerProfile: the vendor's own profile for its staff (the guard has checked the scope). */
export async function getProductOwnerProfile(db: Queryable, caller: Caller, accountId: number): Promise<ProductOwnerProfile> {
  const vendor = await getVendor(db, accountId);
  const profile = await repo.findProfile(db, vendor.id);
  return {
    AccountId: vendor.id,
    DisplayName: vendor.display_name,
    Description: profile?.description ?? '',
    Icon: logoUrl(profile?.icon_file_id ?? null),
    Version: profile?.version ?? 0,
    CanUpdate: caller.capabilities.has(UPDATE_CAPABILITY),
    DescriptionMaxLength: VENDOR_DESCRIPTION_MAX_LENGTH,
  };
}

/**
 * A logo a save newly refers to must be the caller's own upload and, judged by its bytes, a PNG, JPEG
 * or GIF of at least 496 x 208 px [M5.12]. Someone else's upload looks exactly like a missing one.
 */
async function checkNewLogo(db: Queryable, storage: FileStorage, caller: Caller, name: string): Promise<void> {
  const stored = await findStoredFileToAttach(db, name);
  const stream = stored && stored.uploaded_by === caller.userId ? await storage.read(name) : null;
  if (!stream) throw validationFailed([{ field: 'Icon', message: UPLOAD_NOT_FOUND }]);
  const check = checkLogo(await buffer(stream));
  if (!check.ok) throw validationFailed([{ field: 'Icon', message: check.message }]);
}

/**
 * [M7.17] SetProductOwnerProfile: saves description and logo over the Version the caller read. A stale
 * Version answers 409 CONFLICT with the saved profile in `current`. Returns the audit detail (only the
 * fields that changed) with the saved values.
 */
export async function setProductOwnerProfile(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  input: SetProductOwnerProfileInput,
  now: Date,
) {
  const vendor = await getVendor(db, input.AccountId);
  const icon = iconReference(input.Icon);
  if (!icon.ok) throw validationFailed([{ field: 'Icon', message: ICON_NOT_AN_UPLOAD }]);
  const saved = await repo.findProfile(db, vendor.id);
  const before = { description: saved?.description ?? '', iconFileId: saved?.icon_file_id ?? null };
  const stale = () =>
    staleVersion('vendor profile', {
      Description: before.description,
      Icon: logoUrl(before.iconFileId),
      Version: saved?.version ?? 0,
    });
  if ((saved?.version ?? 0) !== input.Version) throw stale();
  if (icon.name !== null && icon.name !== before.iconFileId) await checkNewLogo(db, storage, caller, icon.name);
  const values = { accountId: vendor.id, description: input.Description, iconFileId: icon.name, updatedBy: caller.userId, now };
  const row = saved ? await repo.updateProfile(db, { ...values, version: input.Version }) : await repo.insertProfile(db, values);
  if (!row) throw stale();
  const result: SetProductOwnerProfileOutput = {
    Icon: logoUrl(row.icon_file_id),
    Description: row.description,
    Version: row.version,
  };
  return { result, audit: profileChanges(before, { description: row.description, iconFileId: row.icon_file_id }) };
}

/**
 * Keeper attachment resolver: a vendor's logo may be downloaded by any signed-in user (buyers see it
 * beside the vendor's services); once it is the logo, its uploader can no longer delete it.
 */
export async function findVendorLogoAttachment(db: Queryable, name: string): Promise<FileAttachment | null> {
  const row = await repo.findProfileByIcon(db, name);
  return row ? { accountId: row.account_id, capability: UPDATE_CAPABILITY, everyone: true } : null;
}

/** Vendors' logos, for the orphan upload sweep (platform/files). */
export const vendorLogoReferences: StoredFileReferences = { owner: 'vendor-profiles', sql: repo.LOGO_FILE_NAMES_SQL };

/** The stored file name of an organisation's logo (its vendor profile's), or null when it has none. */
export async function findOrganisationLogoName(db: Queryable, accountId: number): Promise<string | null> {
  return (await repo.findProfile(db, accountId))?.icon_file_id ?? null;
}
