import { LoadAccountById } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function useAccount(id: number) {
  return useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => callOperation(LoadAccountById, { id }, { signal }),
  });
}
