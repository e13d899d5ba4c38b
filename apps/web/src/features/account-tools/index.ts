export { AccountTools, type AccountToolsProps } from './components/account-tools';
export type { ExportKind } from './components/export-modal';
