export { ReportsScreen, type ReportsScreenProps } from './components/reports-screen';
