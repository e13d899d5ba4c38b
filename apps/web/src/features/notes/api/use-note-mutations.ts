import { AddAccountNote, DeleteAccountNote, UpdateAccountNote } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

export function useRefreshNotes(accountId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noteKeys.account(accountId) });
}

/** [A7.8] AddAccountNote, then fresh notes. */
export function useAddNote(accountId: number) {
  const refresh = useRefreshNotes(accountId);
  return useMutation({
    mutationFn: (text: string) => callOperation(AddAccountNote, { accountId, text }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: refresh,
  });
}

/** [A7.8] UpdateAccountNote over the note's Version as read (decision 0036), then fresh notes. */
export function useUpdateNote(accountId: number) {
  const refresh = useRefreshNotes(accountId);
  return useMutation({
    mutationFn: (input: { id: string; text: string; version: number }) =>
      callOperation(UpdateAccountNote, input, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: refresh,
  });
}

/** [A7.8] DeleteAccountNote, then fresh notes. */
export function useDeleteNote(accountId: number) {
  const refresh = useRefreshNotes(accountId);
  return useMutation({
    mutationFn: (id: string) => callOperation(DeleteAccountNote, { id }, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: refresh,
  });
}
