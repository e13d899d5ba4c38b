/** [M4.24] The state of a report entry in the menu (the contract's ReportStatus). */
export type { ReportStatus } from '@portal/contracts';
