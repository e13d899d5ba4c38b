import { GetPartialCompanyHierarchy, type TreeNode } from '@portal/contracts';
import { useQueries } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export const TREE_PAGE_SIZE = 100;

/** One query per loaded page of children of each expanded node (and of the root). */
export function useTreePages(requests: readonly { id: number; page: number }[]) {
  return useQueries({
    queries: requests.map(({ id, page }) => ({
      queryKey: [...accountKeys.children(id), page] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callOperation(
          GetPartialCompanyHierarchy,
          { id, depth: 1, childLimit: TREE_PAGE_SIZE, childOffset: page * TREE_PAGE_SIZE },
          { signal },
        ),
      staleTime: 60_000,
    })),
  }) as { data: TreeNode | undefined; isFetching: boolean; isError: boolean }[];
}
