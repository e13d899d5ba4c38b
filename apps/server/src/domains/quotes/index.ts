export { QUOTE_EXPIRY_JOB_TYPE, quoteExpiryJobHandler } from './quotes.expiry.job.js';
export { QUOTE_PDF_JOB_TYPE, QUOTE_XLSX_JOB_TYPE, quotePdfJobHandler, quoteXlsxJobHandler } from './quotes.export.js';
export { quoteOperations } from './quotes.operations.js';
