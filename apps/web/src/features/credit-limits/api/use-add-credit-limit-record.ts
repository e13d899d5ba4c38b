import { AddCreditLimitRecord, type CreditAttachment } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { versionConflictOf } from '../../../lib/version-conflict';
import { creditLimitKeys } from './credit-limit-keys';

export interface NewCreditRecord {
  accountId: number;
  Limit: string | null;
  IsLocked: boolean;
  Comment: string;
  Attachments: CreditAttachment[];
  /** The Version the tab read (decision 0036); a stale one answers 409 with the limit as it is now. */
  Version: number;
}

/** [A7.4] AddCreditLimitRecord, then a fresh history (also after a 409: the tab shows the limit saved meanwhile). */
export function useAddCreditLimitRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCreditRecord) => callOperation(AddCreditLimitRecord, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_record, input) => queryClient.invalidateQueries({ queryKey: creditLimitKeys.account(input.accountId) }),
    onError: (error, input) => {
      if (versionConflictOf(error)) void queryClient.invalidateQueries({ queryKey: creditLimitKeys.account(input.accountId) });
    },
  });
}
