export const vendorProfileKeys = {
  all: ['vendor-profiles'] as const,
  /** The vendor's own profile for editing (GetProductOwnerProfile). */
  own: (accountId: number) => ['vendor-profiles', 'own', accountId] as const,
  /** The public profile buyers see (GetVendorProfile). */
  public: (ownerId: number) => ['vendor-profiles', 'public', ownerId] as const,
};
