import type { QuoteStatus, SettableQuoteStatus } from '@portal/contracts';

/** What a status change means to the user (decision 0050's transitions), which names its button and confirmation. */
export type QuoteAction = 'send' | 'approve' | 'reject' | 'reopen' | 'renew';

export function quoteAction(from: QuoteStatus, to: SettableQuoteStatus): QuoteAction {
  if (to === 'pending') return 'send';
  if (to === 'approved') return 'approve';
  if (from === 'pending') return 'reject';
  if (from === 'expired') return 'renew';
  return 'reopen';
}

/** Sending for approval is undone by the same hands; every other change is confirmed first. */
export function needsConfirmation(action: QuoteAction): boolean {
  return action !== 'send';
}
