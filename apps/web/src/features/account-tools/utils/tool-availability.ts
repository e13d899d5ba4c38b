/** Which credential and export tools an account page offers [A6.11], [A6.12], [A6.19]. */

export type ToolId = 'sendCredentials' | 'sendCredentialsToAll' | 'exportFirstTimeCredentials' | 'exportCompanyHierarchy';

export interface ToolState {
  id: ToolId;
  /** Shown, but not usable: the account is terminated [A4.1]. */
  isDisabled: boolean;
}

const BULK_TYPES = ['Reseller', 'Company'];

/**
 * Per-user credentials for User accounts; send-to-all and both exports for Reseller and Company
 * accounts [A6.19]. USER_EXPORT_EXECUTE gates the credential tools [A6.11], COMPANY_ACCOUNT_READ the
 * hierarchy export [A6.12]. A terminated account shows them disabled.
 */
export function availableTools(params: {
  accountType: string;
  accountState: string;
  capabilities: readonly string[];
}): ToolState[] {
  const can = (capability: string) => params.capabilities.includes(capability);
  const isDisabled = params.accountState === 'Terminated';
  const ids: ToolId[] = [];
  if (params.accountType === 'User' && can('USER_EXPORT_EXECUTE')) ids.push('sendCredentials');
  if (BULK_TYPES.includes(params.accountType)) {
    if (can('USER_EXPORT_EXECUTE')) ids.push('sendCredentialsToAll', 'exportFirstTimeCredentials');
    if (can('COMPANY_ACCOUNT_READ')) ids.push('exportCompanyHierarchy');
  }
  return ids.map((id) => ({ id, isDisabled }));
}
