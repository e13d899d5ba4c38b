/**
 * How the portal shows a moment the server sent (an ISO timestamp): in UTC, yyyy-MM-dd HH:mm with " UTC" after it,
 * the format the spec gives for scheduled provisioning [A5.8] [M5.16]; with seconds where the order of events within a
 * minute matters (the audit log, the outbox, credit history) and where the spec asks for them [A9.9]; the day alone,
 * yyyy-MM-dd, in lists that only need it. One style for the whole portal, whatever the browser's time zone: staff of a
 * distributor and its resellers work across time zones and read the same moments. Dates typed by a person are
 * lib/typed-date.ts's. A text that is no moment is shown as it is.
 */
const iso = (moment: string): string | null => {
  const time = Date.parse(moment);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** yyyy-MM-dd HH:mm UTC */
export function formatUtcMinute(moment: string): string {
  const t = iso(moment);
  return t ? `${t.slice(0, 10)} ${t.slice(11, 16)} UTC` : moment;
}

/** yyyy-MM-dd HH:mm:ss UTC */
export function formatUtcSecond(moment: string): string {
  const t = iso(moment);
  return t ? `${t.slice(0, 10)} ${t.slice(11, 19)} UTC` : moment;
}

/** yyyy-MM-dd, the moment's day in UTC */
export function formatUtcDay(moment: string): string {
  const t = iso(moment);
  return t ? t.slice(0, 10) : moment;
}
