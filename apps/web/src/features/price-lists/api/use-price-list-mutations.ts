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

/** The server's answer to a stale version: the price list as it is now, shown instead of what the user saw. */
export function isStaleVersion(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT';
}

function onEditError(client: QueryClient, id: number, error: unknown) {
  if (!isStaleVersion(error)) return;
  const current = (error.problem as { current?: Marketplace }).current;
  if (current) client.setQueryData(priceListKeys.detail(id), current);
  void client.invalidateQueries({ queryKey: priceListKeys.all });
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
    onError: (error) => onEditError(client, id, error),
  });
}

export function useUpdatePriceListProperties(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<UpdateMarketplacePropertiesInput, 'id'>) =>
      callOperation(UpdateMarketplaceProperties, { id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, id, error),
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
    onError: (error, input) => onEditError(client, input.id, error),
  });
}

/** [M7.15] Adds (flag true) or removes (flag false) services. */
export function useUpdatePriceListServices(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { services: number[]; flag: boolean; version: number }) =>
      callOperation(UpdateMarketplaceServices, { marketplaceId: id, ...input }, once()),
    onSuccess: (result) => onEdited(client, result.Marketplace),
    onError: (error) => onEditError(client, id, error),
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
    onError: (error) => onEditError(client, id, error),
  });
}

export function useUnassignPriceList(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { accountId: number; version: number }) =>
      callOperation(UnassignMarketplace, { marketplaceId: id, ...input }, once()),
    onSuccess: (list) => onEdited(client, list),
    onError: (error) => onEditError(client, id, error),
  });
}
