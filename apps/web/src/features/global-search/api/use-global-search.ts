import { GLOBAL_SEARCH_MIN_CHARS, GlobalSearch } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

/** Decision 0054: the header search's grouped results for a text of at least two characters. */
export function useGlobalSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: ['global-search', trimmed] as const,
    queryFn: ({ signal }) => callOperation(GlobalSearch, { text: trimmed }, { signal }),
    enabled: trimmed.length >= GLOBAL_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
