import {
  AssignMarketplace,
  CheckForMarketplaceServiceInstances,
  CopyMarketplace,
  type CopyMarketplaceInput,
  CreateMarketplace,
  type CreateMarketplaceInput,
  DeleteMarketplace,
  type Marketplace,
  UnassignMarketplace,
  UpdateMarketplaceName,
  UpdateMarketplaceProperties,
  type UpdateMarketplacePropertiesInput,
  UpdateMarketplaceServices,
} from '@portal/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { priceListKeys } from './price-list-keys';

const once = () => ({ idempotencyKey: newIdempotencyKey() });

/**
 * Decision 0036: a stale edit's 409 carries the list as it is now; the screen shows it in the shared conflict alert
 * (PriceListConflictAlert), which puts it in the cache only when the user chooses to reload. Other lists, counts and
 * tiles are read again.
 */
function onEditError(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 409)
    void client.invalidateQueries({ queryKey: priceListKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
}

/** After an edit: the list's new properties (and version) in the cache, everything else of price lists read again. */
function onEdited(client: QueryClient, list: Marketplace) {
  client.setQueryData(priceListKeys.detail(list.Id), list);
  void client.invalidateQueries({
    queryKey: priceListKeys.all,
    predicate: (q) => !(q.queryKey[1] === 'detail' && q.queryKey[2] === list.Id),
  });
}

export function useCreatePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMarketplaceInput) => callOperation(CreateMarketplace, input, once()),
    onSuccess: (list) => onEdited(client, list),
  });
}

export function useRenamePriceList(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; version: number }) => callOperation(UpdateMarketplaceName, { id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, error),
  });
}

export function useUpdatePriceListProperties(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UpdateMarketplacePropertiesInput, 'id'>) =>
      callOperation(UpdateMarketplaceProperties, { id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, error),
  });
}

export function useCopyPriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyMarketplaceInput) => callOperation(CopyMarketplace, input, once()),
    onSuccess: () => void client.invalidateQueries({ queryKey: priceListKeys.all }),
  });
}

export function useDeletePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; version: number }) => callOperation(DeleteMarketplace, input, once()),
    onSuccess: ({ Id }) => {
      client.removeQueries({ queryKey: priceListKeys.detail(Id) });
      void client.invalidateQueries({ queryKey: priceListKeys.all });
    },
    onError: (error) => onEditError(client, error),
  });
}

/** [M7.15] Adds (flag true) or removes (flag false) services. */
export function useUpdatePriceListServices(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { services: number[]; flag: boolean; version: number }) =>
      callOperation(UpdateMarketplaceServices, { marketplaceId: id, ...input }, once()),
    onSuccess: (result) => onEdited(client, result.Marketplace),
    onError: (error) => onEditError(client, error),
  });
}

/** [M3.16] Whether assignees use a service, asked before removing it. */
export function useCheckServiceInstances(id: number) {
  return useMutation({
    mutationFn: (serviceId: number) => callOperation(CheckForMarketplaceServiceInstances, { marketplaceId: id, serviceId }),
  });
}

export function useAssignPriceList(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; version: number }) =>
      callOperation(AssignMarketplace, { marketplaceId: id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, error),
  });
}

export function useUnassignPriceList(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; version: number }) =>
      callOperation(UnassignMarketplace, { marketplaceId: id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, error),
  });
}
