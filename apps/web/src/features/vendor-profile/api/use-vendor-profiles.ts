import {
  GetProductOwnerProfile,
  GetVendorProfile,
  type ProductOwnerProfile,
  SetProductOwnerProfile,
  type SetProductOwnerProfileInput,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { vendorProfileKeys } from './vendor-profile-keys';

/** A 404 (not a vendor, or outside the caller's reach) is an answer, not a failure to retry. */
const retryUnlessAnswered = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** [M7.17] The vendor's own profile with its version and whether the caller may change it. */
export function useProductOwnerProfile(accountId: number | null) {
  return useQuery({
    queryKey: vendorProfileKeys.own(accountId ?? 0),
    queryFn: ({ signal }) => callOperation(GetProductOwnerProfile, { AccountId: accountId as number }, { signal }),
    enabled: accountId !== null,
    retry: retryUnlessAnswered,
    staleTime: 60_000,
  });
}

/** [M7.17] The public profile buyers see beside the vendor's services. */
export function useVendorProfile(ownerId: number) {
  return useQuery({
    queryKey: vendorProfileKeys.public(ownerId),
    queryFn: ({ signal }) => callOperation(GetVendorProfile, { OwnerId: ownerId }, { signal }),
    retry: retryUnlessAnswered,
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in user's organisation is a vendor (it has a profile to maintain): only a
 * Company can be one. Shares the cache of the profile screen.
 */
export function useIsVendorOrganisation(user: { CompanyAccountId: number; CompanyAccountType: string } | null) {
  const isCompany = user?.CompanyAccountType === 'Company';
  const profile = useProductOwnerProfile(isCompany && user ? user.CompanyAccountId : null);
  return isCompany && profile.isSuccess;
}

/** [M7.17] Saves description and logo; the saved values replace the cached profile. */
export function useSetProductOwnerProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetProductOwnerProfileInput) =>
      callOperation(SetProductOwnerProfile, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (saved, input) => {
      client.setQueryData<ProductOwnerProfile>(vendorProfileKeys.own(input.AccountId), (old) =>
        old ? { ...old, ...saved } : old,
      );
      void client.invalidateQueries({ queryKey: vendorProfileKeys.public(input.AccountId) });
    },
  });
}
