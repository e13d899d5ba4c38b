import type { CurrentUser } from '@portal/contracts';

/**
 * [A6.8] Whether a User account page offers Impersonate: the viewer holds IMPERSONATE_EXECUTE, is not impersonating
 * already, and the account is another, not terminated User. The server decides again (scope, peers) when it runs.
 */
export function canOfferImpersonation(params: {
  user: Pick<CurrentUser, 'AccountId' | 'Capabilities' | 'Impersonator'>;
  accountId: number;
  accountType: string;
  state: string;
}): boolean {
  return (
    params.user.Capabilities.includes('IMPERSONATE_EXECUTE') &&
    params.user.Impersonator === null &&
    params.accountType === 'User' &&
    params.state !== 'Terminated' &&
    params.accountId !== params.user.AccountId
  );
}
