/**
 * The exports of a quote revision (decision 0050): an .xlsx workbook [M6.1] and a customer-facing PDF. Both are jobs
 * (the one job runner) whose file is downloaded through GET /api/jobs/{id}/download, like every export.
 */
import { formatMoney, type Job, type QuoteLine } from '@portal/contracts';
import PDFDocument from 'pdfkit';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import type { FileStorage } from '../../platform/files/index.js';
import { enqueueJob, JobFailure, type JobHandler, loadJob, succeedWithFile } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { XlsxStreamWriter } from '../../platform/spreadsheets/xlsx-writer.js';
import { findById as findAccount } from '../accounts/index.js';
import { findOrganisationLogoName } from '../vendor-profiles/index.js';
import * as repo from './quotes.repository.js';
import { requireVisibleQuote } from './quotes.service.js';

export const QUOTE_XLSX_JOB_TYPE = 'exports.sales-quote-xlsx';
export const QUOTE_PDF_JOB_TYPE = 'exports.sales-quote-pdf';

interface ExportPayload {
  quoteId: number;
  revision: number;
}

/** Queues the export of a quote revision the caller may see (the latest when revision is null). */
export async function startQuoteExport(
  db: Queryable,
  caller: Caller,
  input: { id: number; revision: number | null },
  kind: 'xlsx' | 'pdf',
): Promise<Job> {
  const row = await requireVisibleQuote(db, caller, input.id);
  const revision = input.revision ?? row.latest_revision;
  if (!(await repo.findRevision(db, row.id, revision))) {
    throw new DomainError('NOT_FOUND', 'Revision not found', [
      { field: 'revision', message: `The quote has no revision ${revision}` },
    ]);
  }
  const jobId = await enqueueJob(db, {
    type: kind === 'xlsx' ? QUOTE_XLSX_JOB_TYPE : QUOTE_PDF_JOB_TYPE,
    payload: { quoteId: row.id, revision } satisfies ExportPayload,
    createdBy: caller.userId,
    accountId: row.owner_account_id,
    maxAttempts: 3,
  });
  return loadJob(db, jobId);
}

const fieldsText = (line: QuoteLine) => line.Fields.map((f) => `${f.FieldName}: ${f.FieldValue}`).join('; ');
const money = (amount: string | null, currency: string) => (amount === null ? 'no price' : formatMoney(amount, currency));
const safeName = (s: string) =>
  s
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60) || 'quote';

async function loadExport(db: Queryable, payload: ExportPayload) {
  const quote = await repo.findQuote(db, payload.quoteId);
  const rev = quote ? await repo.findRevision(db, payload.quoteId, payload.revision) : null;
  if (!quote || !rev) throw new JobFailure('The quote or its revision no longer exists');
  return { quote, rev };
}

/** [M6.1] The .xlsx of a revision: one row per line (fields, users, prices), the totals and the quote's details. */
export async function quoteWorkbook(quote: repo.QuoteRow, rev: repo.RevisionRow): Promise<{ data: Buffer; rows: number }> {
  const writer = new XlsxStreamWriter({
    sheetName: 'Quote',
    creator: 'Cloud portal',
    columns: [
      { key: 'service', header: 'Service', width: 36 },
      { key: 'fields', header: 'Fields', width: 40 },
      { key: 'users', header: 'Users', width: 10 },
      { key: 'monthlyPrice', header: 'Monthly price', width: 16 },
      { key: 'setupPrice', header: 'Setup price', width: 16 },
      { key: 'monthlyTotal', header: 'Monthly total', width: 16 },
      { key: 'setupTotal', header: 'Setup total', width: 16 },
      { key: 'currency', header: 'Currency', width: 10 },
    ],
  });
  const num = (v: string | null) => (v === null ? null : Number(v));
  for (const l of rev.lines) {
    writer.add({
      values: {
        service: l.ProductDisplayName || l.ProductName,
        fields: fieldsText(l),
        users: l.Amount,
        monthlyPrice: num(l.MonthlyPrice),
        setupPrice: num(l.SetupPrice),
        monthlyTotal: num(l.MonthlyTotal),
        setupTotal: num(l.SetupTotal),
        currency: rev.currency,
      },
    });
  }
  const lines = writer.rows;
  writer.add({
    values: { service: 'Total', monthlyTotal: num(rev.total_rc), setupTotal: num(rev.total_nrc), currency: rev.currency },
  });
  writer.add({ values: {} });
  const details: [string, string | number][] = [
    ['Quote title', rev.name],
    ['Company name', rev.company_name],
    ['Quote number', `${quote.id}-${rev.revision}`],
    ['Revision', rev.revision],
    ['Total users', rev.number_of_users],
    ['Price list', rev.price_template_name],
    ['Currency', rev.currency],
    ['Valid until', rev.valid_until],
    ['Seller', quote.owner_name],
  ];
  for (const [label, value] of details) writer.add({ values: { service: label, fields: value } });
  return { data: await writer.finish(), rows: lines };
}

/** The customer-facing PDF: the seller's logo (or name), the customer, the lines, the totals, currency and validity. */
export async function quotePdf(
  quote: repo.QuoteRow,
  rev: repo.RevisionRow,
  logo: Buffer | null,
  customerName: string,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: rev.name, Author: quote.owner_name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (logo) {
    try {
      doc.image(logo, 50, 40, { fit: [180, 60] });
      doc.moveDown(4);
    } catch {
      doc.font('Helvetica-Bold').fontSize(18).text(quote.owner_name);
    }
  } else {
    doc.font('Helvetica-Bold').fontSize(18).text(quote.owner_name);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(16).text(rev.name);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Quote ${quote.id}, revision ${rev.revision}`);
  doc.text(`For: ${customerName}`);
  doc.text(`Users: ${rev.number_of_users}`);
  doc.text(`Currency: ${rev.currency}`);
  doc.text(`Valid until: ${rev.valid_until}`);
  doc.moveDown();
  const cols = [50, 250, 300, 390, 480];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((c, i) => {
      doc.text(c, cols[i] ?? 50, y, { width: i === 0 ? 195 : 85, align: i === 0 ? 'left' : 'right' });
    });
    doc.moveDown(0.5);
    doc.x = 50;
  };
  row(['Service', 'Users', 'Monthly', 'Setup', ''], true);
  for (const l of rev.lines) {
    const name = l.Fields.length
      ? `${l.ProductDisplayName || l.ProductName} (${fieldsText(l)})`
      : l.ProductDisplayName || l.ProductName;
    row([name, String(l.Amount), money(l.MonthlyTotal, rev.currency), money(l.SetupTotal, rev.currency), '']);
  }
  doc.moveDown(0.5);
  row(['Total', '', money(rev.total_rc, rev.currency), money(rev.total_nrc, rev.currency), ''], true);
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).text(`Prices in ${rev.currency}. This quote is valid until ${rev.valid_until}.`, 50);
  doc.end();
  return done;
}

export function quoteXlsxJobHandler(deps: { storage: FileStorage }): JobHandler<ExportPayload> {
  return {
    type: QUOTE_XLSX_JOB_TYPE,
    async run(ctx) {
      const { quote, rev } = await loadExport(ctx.db, ctx.job.payload);
      if (ctx.job.createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const { data, rows } = await quoteWorkbook(quote, rev);
      await succeedWithFile(ctx as never, deps.storage, {
        kind: 'xlsx',
        data,
        fileName: `${safeName(rev.name)}-rev${rev.revision}.xlsx`,
        rows,
        createdBy: ctx.job.createdBy,
        message: `Exported ${rows} lines`,
      });
    },
  };
}

export function quotePdfJobHandler(deps: { storage: FileStorage }): JobHandler<ExportPayload> {
  return {
    type: QUOTE_PDF_JOB_TYPE,
    async run(ctx) {
      const { quote, rev } = await loadExport(ctx.db, ctx.job.payload);
      if (ctx.job.createdBy === null) throw new JobFailure('An export needs the person who asked for it');
      const logo = await sellerLogo(ctx.db, deps.storage, quote.owner_account_id);
      const customer = rev.customer_account_id
        ? ((await findAccount(ctx.db, rev.customer_account_id))?.display_name ?? rev.company_name)
        : rev.company_name;
      const data = await quotePdf(quote, rev, logo, customer);
      await succeedWithFile(ctx as never, deps.storage, {
        kind: 'pdf',
        data,
        fileName: `${safeName(rev.name)}-rev${rev.revision}.pdf`,
        rows: rev.lines.length,
        createdBy: ctx.job.createdBy,
        message: `Exported ${rev.lines.length} lines`,
      });
    },
  };
}

/** The seller's logo: its vendor profile's logo in the files storage, else null (the PDF then shows its name). */
async function sellerLogo(db: Queryable, storage: FileStorage, ownerId: number): Promise<Buffer | null> {
  const name = await findOrganisationLogoName(db, ownerId);
  if (!name) return null;
  const stream = await storage.read(name).catch(() => null);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}
