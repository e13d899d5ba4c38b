import { GetAuditLog, GetUserLog } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';

export interface AuditFilters {
  page: number;
  operation: string | null;
  from: string | null;
  to: string | null;
}

export const AUDIT_PAGE_SIZE = 20;

export const auditKeys = {
  all: ['audit'] as const,
  list: (mode: 'account' | 'user', id: number, filters: AuditFilters) => ['audit', mode, id, filters] as const,
};

/** One page of the Audit log of an account, or of the User log of a user. */
export function useAuditLog(mode: 'account' | 'user', id: number, filters: AuditFilters) {
  return useQuery({
    queryKey: auditKeys.list(mode, id, filters),
    queryFn: ({ signal }) => {
      const query = { ...filters, pageSize: AUDIT_PAGE_SIZE };
      return mode === 'account'
        ? callOperation(GetAuditLog, { accountId: id, ...query }, { signal })
        : callOperation(GetUserLog, { userId: id, ...query }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
