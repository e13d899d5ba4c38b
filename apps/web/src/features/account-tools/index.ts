export { useJob } from './api/use-job';
export { AccountTools, type AccountToolsProps } from './components/account-tools';
export type { ExportKind } from './components/export-modal';
export { JobProgress } from './components/job-progress';
