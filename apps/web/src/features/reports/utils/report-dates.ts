/** [M5.15] A report date parameter is typed as dd/MM/yyyy and sent as yyyy-MM-dd: the shared typed-date rules. */
export { parseTypedDate, toTypedDate } from '../../../lib/typed-date';
