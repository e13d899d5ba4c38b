/** When a draft was added, as the notification shows it ('Nov 23, 2026, 1:05:12 AM'). */
export function formatDraftAdded(iso: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}
