/** [M4.24] The state of a report entry in the menu. */
export type ReportStatus = 'default' | 'loading' | 'loaded' | 'failed';
