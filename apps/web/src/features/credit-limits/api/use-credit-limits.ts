import { CREDIT_HISTORY_PAGE_SIZE, GetCreditLimitRecords } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { creditLimitKeys } from './credit-limit-keys';

/** The current limit, the can-edit flag and one page of the history [A7.4], [A9.1]. */
export function useCreditLimits(accountId: number, page: number) {
  return useQuery({
    queryKey: creditLimitKeys.page(accountId, page),
    queryFn: ({ signal }) =>
      callOperation(GetCreditLimitRecords, { accountId, page, pageSize: CREDIT_HISTORY_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}
