import { CREDIT_AMOUNT_PATTERN } from '@portal/contracts';

export type AmountProblem = 'required' | 'notNumeric' | 'negative' | 'tooManyDecimals' | 'tooLarge';

/** [A5.2] [A9.10] What is wrong with a typed amount (numeric, at least 0, at most 2 decimals), or null. */
export function amountProblem(raw: string): AmountProblem | null {
  const value = raw.trim();
  if (value === '') return 'required';
  if (CREDIT_AMOUNT_PATTERN.test(value)) return null;
  if (/^-\s*\d/.test(value)) return 'negative';
  if (/^\d+\.\d{3,}$/.test(value)) return 'tooManyDecimals';
  if (/^\d{14,}(\.\d*)?$/.test(value)) return 'tooLarge';
  return 'notNumeric';
}

/** "1500" -> "1500.00"; string work only, never a float. Null when the amount is not valid. */
export function toTwoDecimals(raw: string): string | null {
  const value = raw.trim();
  if (!CREDIT_AMOUNT_PATTERN.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

export interface CreditDraft {
  isActive: boolean;
  amount: string;
  isLocked: boolean;
  comment: string;
  isUploading: boolean;
}

/** The limit a draft would save: null when the switch is off. */
export const draftLimit = (draft: CreditDraft): string | null => (draft.isActive ? toTwoDecimals(draft.amount) : null);

/** [A5.2] Whether the limit or the lock differs from the current record. */
export function hasChanged(draft: CreditDraft, current: { Limit: string | null; IsLocked: boolean }): boolean {
  const limit = draftLimit(draft);
  const limitChanged = draft.isActive ? limit === null || limit !== current.Limit : current.Limit !== null;
  return limitChanged || draft.isLocked !== current.IsLocked;
}

/** [A5.2] Save is enabled only when the limit or lock changed, the comment is non-empty and the amount is valid. */
export function canSave(draft: CreditDraft, current: { Limit: string | null; IsLocked: boolean }): boolean {
  if (draft.isUploading || draft.comment.trim() === '') return false;
  if (draft.isActive && amountProblem(draft.amount) !== null) return false;
  return hasChanged(draft, current);
}

/** "1234567.5" -> "1,234,567.50": grouping done on the string, so no precision is lost. */
export function formatAmount(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

/** [A9.1] The page numbers a pager of `buttons` buttons shows around the current page. */
export function pagerWindow(page: number, totalPages: number, buttons: number): number[] {
  const count = Math.min(buttons, Math.max(totalPages, 1));
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
