import * as models from './models/index.js';
import type { Report } from './report.js';
import type { Service } from './service.js';

/** What the portal's token endpoint answers ([E3.1]). */
export interface IEmbedTokenResponse {
  id: string;
  embedUrl: string;
  embedToken: string;
}

/** Options of {@link embedAccountReport}. */
export interface IAccountReportOptions {
  workgroupId: string;
  reportId: string;
  /** When given, the token is asked for this account. */
  accountId?: string;
  /** The user's locale (for example 'de-AT'); its two-letter language is used. Defaults to the browser's. */
  locale?: string;
  /** Extra report settings. */
  settings?: models.ISettings;
  /** Fetches the token; defaults to a same-origin GET with `fetch`. */
  fetchToken?: (url: string) => Promise<IEmbedTokenResponse>;
  /** Where failures are reported; defaults to console.error. */
  logError?: (error: unknown) => void;
}

/**
 * Path of the token endpoint: `/api/powerbi/workgroups/{workgroupId}/reports/{reportId}[/accounts/{accountId}]/token`.
 *
 * @example getEmbedTokenPath('w1', 'r1', 'a1') // '/api/powerbi/workgroups/w1/reports/r1/accounts/a1/token'
 */
export function getEmbedTokenPath(workgroupId: string, reportId: string, accountId?: string): string {
  const account = accountId ? `/accounts/${encodeURIComponent(accountId)}` : '';
  return `/api/powerbi/workgroups/${encodeURIComponent(workgroupId)}/reports/${encodeURIComponent(reportId)}${account}/token`;
}

/** Two-letter language of a locale ('de-AT' gives 'de'). */
export function twoLetterLanguage(locale: string | undefined): string {
  return (locale || 'en').slice(0, 2).toLowerCase();
}

const defaultFetchToken = async (url: string): Promise<IEmbedTokenResponse> => {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Embed token request failed with status ${response.status}`);
  return (await response.json()) as IEmbedTokenResponse;
};

/**
 * Embeds a business-intelligence report for the user's account: asks the portal for an embed token, then
 * embeds the report with the user's two-letter locale ([E4.4]). A failure is logged and resolves to undefined.
 *
 * @example
 * const report = await embedAccountReport(window.powerbi, container, { workgroupId, reportId, accountId, locale: 'de-AT' });
 */
export async function embedAccountReport(
  service: Service,
  element: HTMLElement,
  options: IAccountReportOptions,
): Promise<Report | undefined> {
  const logError = options.logError ?? ((error: unknown) => console.error('Report embedding failed', error));
  try {
    const fetchToken = options.fetchToken ?? defaultFetchToken;
    const token = await fetchToken(getEmbedTokenPath(options.workgroupId, options.reportId, options.accountId));
    const language = twoLetterLanguage(options.locale ?? (typeof navigator !== 'undefined' ? navigator.language : undefined));
    const config: models.IReportEmbedConfiguration = {
      type: 'report',
      id: token.id,
      embedUrl: token.embedUrl,
      accessToken: token.embedToken,
      tokenType: models.TokenType.Embed,
      settings: { ...options.settings, localeSettings: { ...options.settings?.localeSettings, language } },
    };
    return service.embed(element, config) as Report;
  } catch (error) {
    logError(error);
    return undefined;
  }
}
