export { type AccountReportPage, AccountReportTab, type AccountReportTabProps } from './components/account-report-tab';
export { ReportsScreen, type ReportsScreenProps } from './components/reports-screen';
