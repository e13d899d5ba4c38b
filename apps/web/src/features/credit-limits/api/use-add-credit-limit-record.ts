import { AddCreditLimitRecord, type CreditAttachment } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { creditLimitKeys } from './credit-limit-keys';

export interface NewCreditRecord {
  accountId: number;
  Limit: string | null;
  IsLocked: boolean;
  Comment: string;
  Attachments: CreditAttachment[];
}

/** [A7.4] AddCreditLimitRecord, then a fresh history. */
export function useAddCreditLimitRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCreditRecord) => callOperation(AddCreditLimitRecord, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: (_record, input) => queryClient.invalidateQueries({ queryKey: creditLimitKeys.account(input.accountId) }),
  });
}
