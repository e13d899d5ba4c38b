import { describe, expect, it } from 'vitest';
import { availableTools } from '../tool-availability';

const ALL = ['USER_EXPORT_EXECUTE', 'COMPANY_ACCOUNT_READ'];

describe('[A6.19] [A6.11] [A6.12] availableTools', () => {
  it.each([
    { type: 'User', caps: ALL, tools: ['sendCredentials'] },
    { type: 'User', caps: ['COMPANY_ACCOUNT_READ'], tools: [] },
    {
      type: 'Company',
      caps: ALL,
      tools: ['sendCredentialsToAll', 'exportFirstTimeCredentials', 'exportCompanyHierarchy'],
    },
    { type: 'Reseller', caps: ['USER_EXPORT_EXECUTE'], tools: ['sendCredentialsToAll', 'exportFirstTimeCredentials'] },
    { type: 'Reseller', caps: ['COMPANY_ACCOUNT_READ'], tools: ['exportCompanyHierarchy'] },
    { type: 'Department', caps: ALL, tools: [] },
    { type: 'Product', caps: ALL, tools: [] },
    { type: 'Provider', caps: ALL, tools: [] },
  ])('offers $tools on a $type account with $caps', ({ type, caps, tools }) => {
    const result = availableTools({ accountType: type, accountState: 'Active', capabilities: caps });

    expect(result.map((t) => t.id)).toEqual(tools);
    expect(result.every((t) => !t.isDisabled)).toBe(true);
  });

  it('[A4.1] shows the tools of a terminated account disabled', () => {
    const result = availableTools({ accountType: 'Company', accountState: 'Terminated', capabilities: ALL });

    expect(result).toHaveLength(3);
    expect(result.every((t) => t.isDisabled)).toBe(true);
  });
});
