import { DomainError, validationFailed } from '../../platform/errors/domain-error.js';
import type { BulkTargetDecision, SendToUserDecision } from './credentials.rules.js';

type Refusal<D> = D extends { ok: false; reason: infer R } ? R : never;

/** [A6.19] Why credentials cannot be sent to this account. */
export function sendToUserRefused(reason: Refusal<SendToUserDecision>): DomainError {
  switch (reason) {
    case 'not-user':
      return validationFailed([{ field: 'id', message: 'Credentials can be sent to User accounts only' }]);
    case 'terminated':
      return new DomainError('CONFLICT', 'A terminated account cannot be sent credentials');
    case 'no-username':
      return validationFailed([
        { field: 'Default.Values.Username', message: 'The user has no username; give the user one before sending credentials' },
      ]);
    case 'no-email':
      return validationFailed([
        { field: 'User.Values.Email', message: 'The user has no valid e-mail address; add one before sending credentials' },
      ]);
  }
}

/** [A6.19] Why send-to-all or an export cannot run for this account. */
export function bulkTargetRefused(reason: Refusal<BulkTargetDecision>, field: string): DomainError {
  return reason === 'terminated'
    ? new DomainError('CONFLICT', 'This account is terminated')
    : validationFailed([{ field, message: 'This works for Reseller and Company accounts only' }]);
}
