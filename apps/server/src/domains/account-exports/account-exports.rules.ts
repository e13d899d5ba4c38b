/** Pure shapes of the two account exports [A2.3], [A2.4]: columns, rows and file names. */
import type { XlsxColumn, XlsxRow } from '../../platform/spreadsheets/xlsx-writer.js';

export const HIERARCHY_COLUMNS: readonly XlsxColumn[] = [
  { key: 'Level', header: 'Level', width: 7 },
  { key: 'DisplayName', header: 'Display name', width: 42 },
  { key: 'AccountType', header: 'Account type', width: 13 },
  { key: 'AccountId', header: 'Account ID', width: 11 },
  { key: 'ParentAccountId', header: 'Parent account ID', width: 17 },
  { key: 'Parent', header: 'Parent', width: 32 },
  { key: 'State', header: 'State', width: 11 },
  { key: 'Username', header: 'Username', width: 28 },
  { key: 'Email', header: 'E-mail', width: 32 },
  { key: 'Product', header: 'Product', width: 32 },
  { key: 'TerminationDate', header: 'Termination date (UTC)', width: 22 },
];

export interface ExportAccount {
  id: number;
  parent_id: number | null;
  parent_display_name: string | null;
  account_type: string;
  state: string;
  depth: number;
  display_name: string;
  username: string | null;
  email: string | null;
  product_name: string | null;
  termination_date: Date | null;
}

const utc = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')}` : null);

/**
 * [A2.4] One row of the company hierarchy: the level below the exported account (0 for the account
 * itself), indented by that level, in depth-first order so each account follows its parent.
 */
export function hierarchyRow(account: ExportAccount, rootDepth: number): XlsxRow {
  const level = account.depth - rootDepth;
  return {
    indent: level,
    values: {
      Level: level,
      DisplayName: account.display_name,
      AccountType: account.account_type,
      AccountId: account.id,
      ParentAccountId: account.parent_id,
      Parent: account.parent_display_name,
      State: account.state,
      Username: account.username,
      Email: account.email,
      Product: account.product_name,
      TerminationDate: utc(account.termination_date),
    },
  };
}

export const CREDENTIAL_COLUMNS: readonly XlsxColumn[] = [
  { key: 'Company', header: 'Company', width: 30 },
  { key: 'Parent', header: 'Parent', width: 26 },
  { key: 'AccountId', header: 'Account ID', width: 11 },
  { key: 'Username', header: 'Username', width: 28 },
  { key: 'DisplayName', header: 'Display name', width: 28 },
  { key: 'FirstName', header: 'First name', width: 16 },
  { key: 'LastName', header: 'Last name', width: 18 },
  { key: 'Email', header: 'E-mail', width: 32 },
  { key: 'FirstTimePassword', header: 'First-time password', width: 22 },
];

/** [A2.3] One row of the first-time credentials export (see docs/decisions for what it holds and why). */
export function credentialRow(p: {
  company: string;
  user: ExportAccount & { first_name: string | null; last_name: string | null };
  password: string;
}): XlsxRow {
  return {
    values: {
      Company: p.company,
      Parent: p.user.parent_display_name,
      AccountId: p.user.id,
      Username: p.user.username,
      DisplayName: p.user.display_name,
      FirstName: p.user.first_name,
      LastName: p.user.last_name,
      Email: p.user.email,
      FirstTimePassword: p.password,
    },
  };
}

/** The downloaded file's name: what it is, for which account(s), and the UTC date. */
export function exportFileName(p: { kind: 'hierarchy' | 'credentials'; accountNames: readonly string[]; now: Date }): string {
  const what = p.kind === 'hierarchy' ? 'Company hierarchy' : 'First-time credentials';
  const whom = p.accountNames.length === 1 ? (p.accountNames[0] as string) : `${p.accountNames.length} companies`;
  return `${safeFileName(`${what} - ${whom} - ${p.now.toISOString().slice(0, 10)}`)}.xlsx`;
}

/** A file name without characters that Windows, macOS or a Content-Disposition header would trip over. */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((c) => ((c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.slice(0, 150) || 'export';
}
