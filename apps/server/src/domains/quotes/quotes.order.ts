/**
 * From an approved quote to orders (decision 0050): every line is placed through the ordering pipeline's own
 * PlaceOrder (ordering/index.ts), in the operation's one transaction, dependencies first; the customer's terms are
 * accepted on the way when the caller may; any failure rolls every order back. Prices changed since the revision
 * answer PriceChanged first, and nothing is ordered until the caller confirms them.
 */
import { createHash } from 'node:crypto';
import type {
  OrderQuoteResult,
  OrderTerms,
  QuoteOrderField,
  QuoteOrderFieldValue,
  QuoteOrderLine,
  QuoteStatus,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import * as accounts from '../accounts/index.js';
import { acceptTermsForService, marketServiceForAccount, type PlacedOrder, placeOrder } from '../ordering/index.js';
import * as repo from './quotes.repository.js';
import {
  lineViews,
  missingRequiredFields,
  orderingSequence,
  priceDifferences,
  type QuoteLineIn,
  quoteTotals,
} from './quotes.rules.js';
import { type PricedQuote, priceQuote, requireVisibleQuote } from './quotes.service.js';

const ACCEPT_TERMS = 'MARKETPLACE_TC_ACCEPT_EXECUTE';
const PRODUCT_CREATE = 'PRODUCT_ACCOUNT_CREATE';

/** A request id per line derived from the quote's request id (PlaceOrder claims each; a repeat replays each). */
function lineRequestId(requestId: string, index: number): string {
  const h = createHash('sha256').update(`${requestId}:quote-line:${index}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Why an own quote cannot be ordered now; null when it can. */
export function orderRefusal(row: repo.QuoteRow, now: Date): string | null {
  if (row.archived) return 'An archived quote cannot be ordered';
  if (row.status !== 'approved' && row.status !== 'active') return 'Only an approved quote can be ordered';
  if (row.customer_account_id === null) return 'Choose the customer company in the quote before ordering it';
  if (now.toISOString().slice(0, 10) > row.valid_until) return `The quote was valid until ${row.valid_until}`;
  return null;
}

/** Today's prices of the latest revision's lines against the saved ones. */
export async function currentPrices(db: Queryable, caller: Caller, row: repo.QuoteRow, now: Date) {
  const rev = await repo.findRevision(db, row.id, row.latest_revision);
  if (!rev) throw new DomainError('NOT_FOUND', 'Quote not found');
  const customer = row.customer_account_id === null ? null : await accounts.findById(db, row.customer_account_id);
  const q = await priceQuote(
    db,
    caller,
    { templateId: rev.marketplace_id ?? 0, templateField: 'id', customer, lines: rev.lines },
    now,
  ).catch(() => null);
  const current = q ? q.priced.map((p) => p.prices) : rev.lines.map((l) => ({ ...l, Error: 'The price list is gone' }));
  return { rev, customer, q, differences: priceDifferences(rev.lines, current) };
}

export async function orderQuote(
  db: Queryable,
  caller: Caller,
  input: {
    requestId: string;
    id: number;
    revision: number;
    confirmPriceChanges: boolean;
    Fields?: readonly QuoteOrderFieldValue[];
  },
  now: Date,
): Promise<{ result: OrderQuoteResult; created: PlacedOrder[] }> {
  const row = await requireVisibleQuote(db, caller, input.id, true);
  if (row.owner_account_id !== caller.scope.rootId) throw forbidden("Only the quote's own organisation orders it");
  if (!caller.capabilities.has(PRODUCT_CREATE)) throw forbidden('You need permission to create subscriptions to order a quote');
  const stored = await db.query<{ order_request_id: string | null; order_result: OrderQuoteResult | null }>(
    'SELECT order_request_id, order_result FROM quotes WHERE id = $1',
    [row.id],
  );
  if (stored[0]?.order_request_id === input.requestId && stored[0].order_result?.Outcome === 'Ordered') {
    return { result: { ...stored[0].order_result, Replayed: true }, created: [] };
  }
  const refusal = orderRefusal(row, now);
  if (refusal) throw validationFailed([{ field: 'id', message: refusal }], refusal);
  if (input.revision !== row.latest_revision) {
    throw new DomainError('CONFLICT', `Revision ${row.latest_revision} is the latest; review it before ordering`, [
      { field: 'revision', message: `Revision ${row.latest_revision} is the latest` },
    ]);
  }
  const { rev, customer, q, differences } = await currentPrices(db, caller, row, now);
  if (!customer || !q) throw validationFailed([{ field: 'id', message: 'The quote can no longer be priced' }]);
  // The values the order was given for the fields the quote lacks: for the order only, the quote is not changed.
  const given = input.Fields ?? [];
  const lacked = missingFieldsOf(rev.lines, q);
  const lines = withOrderValues(rev.lines, lacked, given);
  const missing = lacked.find(
    (l) => !given.some((g) => g.Line === l.line && g.FieldName === l.definition.Name && g.FieldValue.trim() !== ''),
  );
  if (missing) throw validationFailed([{ field: missing.field, message: missing.message }], missing.message);
  if (differences.length > 0 && !input.confirmPriceChanges) {
    return { result: { Outcome: 'PriceChanged', Currency: q.currency, Differences: differences }, created: [] };
  }
  const dependencies = new Map<string, string[]>();
  // The ordering wizard's view of each line: refusals, whether it is offered, the terms to accept.
  for (const [i, line] of lines.entries()) {
    const view = await marketServiceForAccount(db, caller, { accountId: customer.id, serviceName: line.ProductName }).catch(
      (error: unknown) => {
        throw prefixed(error, i, line.ProductName);
      },
    );
    if (view.Refusal) {
      throw validationFailed([{ field: `Products.${i}.ProductName`, message: `${line.ProductName}: ${view.Refusal.Message}` }]);
    }
    dependencies.set(line.ProductName.toLowerCase(), view.Dependency ? [view.Dependency.ServiceName] : []);
    for (const terms of view.Terms.filter((t) => !t.Accepted)) {
      if (!caller.capabilities.has(ACCEPT_TERMS)) {
        throw validationFailed([
          {
            field: `Products.${i}.ProductName`,
            message: `${customer.display_name} has not accepted the terms of ${terms.ServiceDisplayName}; someone who may accept terms orders it`,
          },
        ]);
      }
      await acceptTermsForService(db, caller, { accountId: customer.id, serviceName: terms.ServiceName });
    }
  }
  const created: PlacedOrder[] = [];
  const orders: QuoteOrderLine[] = [];
  for (const i of orderingSequence(lines, (name) => dependencies.get(name.toLowerCase()) ?? [])) {
    const line = lines[i];
    if (!line) continue;
    const placed = await placeOrder(
      db,
      caller,
      {
        requestId: lineRequestId(input.requestId, i),
        customerId: customer.id,
        productName: line.ProductName,
        views: lineViews(line),
        dependency: null,
        scheduledDate: null,
      },
      now,
    ).catch((error: unknown) => {
      throw prefixed(error, i, line.ProductName);
    });
    created.push(placed.output);
    orders.push({
      ProductName: line.ProductName,
      AccountId: placed.output.AccountId,
      OrderNumber: placed.output.OrderNumber,
      OrderStatus: placed.output.OrderStatus,
    });
  }
  const status: QuoteStatus = orders.some((o) => o.OrderStatus === 'UnderReview')
    ? 'ready_to_provision'
    : 'provisioning_request_sent';
  const result: OrderQuoteResult = {
    Outcome: 'Ordered',
    CustomerId: customer.id,
    Orders: orders,
    QuoteStatus: status,
    Replayed: false,
  };
  await repo.markOrdered(db, { id: row.id, status, orderNumbers: orders.map((o) => o.OrderNumber), now });
  await db.query('UPDATE quotes SET order_request_id = $2, order_result = $3::jsonb WHERE id = $1', [
    row.id,
    input.requestId,
    JSON.stringify(result),
  ]);
  return { result, created };
}

/** Every required service field the lines lack. */
function missingFieldsOf(lines: readonly QuoteLineIn[], q: PricedQuote) {
  return missingRequiredFields(lines, (name) => q.sources.get(name.toLowerCase())?.fields ?? null);
}

/**
 * The lines with the values OrderQuote was given for the fields they lack. A value for anything else (another line,
 * a field the quote holds or the service does not ask for) is refused, naming it: the quote's own values are changed
 * only by a new revision.
 */
function withOrderValues(
  lines: readonly QuoteLineIn[],
  lacked: readonly { line: number; definition: { Name: string } }[],
  given: readonly QuoteOrderFieldValue[],
): QuoteLineIn[] {
  const errors = given.flatMap((g, k) =>
    lacked.some((l) => l.line === g.Line && l.definition.Name === g.FieldName)
      ? []
      : [{ field: `Fields.${k}.FieldName`, message: `Line ${g.Line + 1} does not ask for ${g.FieldName} when it is ordered` }],
  );
  if (errors.length > 0) throw validationFailed(errors, errors[0]?.message);
  return lines.map((line, i) => {
    const extra = given.filter((g) => g.Line === i && g.FieldValue.trim() !== '');
    if (extra.length === 0) return line;
    return { ...line, Fields: [...line.Fields, ...extra.map((g) => ({ FieldName: g.FieldName, FieldValue: g.FieldValue }))] };
  });
}

/** A line's ordering error, its fields named under the line (`Products.<i>.…`) and its message naming the service. */
function prefixed(error: unknown, index: number, productName: string): unknown {
  if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') {
    const fields = error.fields.length
      ? error.fields.map((f) => ({ field: `Products.${index}.${f.field}`, message: `${productName}: ${f.message}` }))
      : [{ field: `Products.${index}.ProductName`, message: `${productName}: ${error.message}` }];
    return validationFailed(fields, `${productName} cannot be ordered: ${fields[0]?.message ?? error.message}`);
  }
  return error;
}

/** PreviewQuoteOrder: what OrderQuote would do now, without doing it. */
export async function previewQuoteOrder(db: Queryable, caller: Caller, id: number, now: Date) {
  const row = await requireVisibleQuote(db, caller, id);
  if (row.owner_account_id !== caller.scope.rootId) throw forbidden("Only the quote's own organisation orders it");
  const { rev, customer, q, differences } = await currentPrices(db, caller, row, now);
  let refusal = orderRefusal(row, now);
  const lacked = q ? missingFieldsOf(rev.lines, q) : [];
  let lineRefusal: { Code: 'NotCompanyLevel' | 'MultipleDependencies'; Message: string; ProductName: string } | null = null;
  const terms: OrderTerms[] = [];
  if (!refusal && customer) {
    for (const line of rev.lines) {
      try {
        const view = await marketServiceForAccount(db, caller, { accountId: customer.id, serviceName: line.ProductName });
        if (view.Refusal && !lineRefusal) lineRefusal = { ...view.Refusal, ProductName: line.ProductName };
        terms.push(...view.Terms.filter((t) => !t.Accepted && !terms.some((x) => x.ServiceName === t.ServiceName)));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusal ??= `${line.ProductName}: ${error.fields[0]?.message ?? error.message}`;
      }
    }
    if (lineRefusal) refusal ??= `${lineRefusal.ProductName}: ${lineRefusal.Message}`;
  }
  const currency = q?.currency ?? row.currency;
  const priced = q ? q.priced : [];
  return {
    CustomerId: customer?.id ?? null,
    CustomerName: customer?.display_name ?? null,
    Currency: currency,
    RevisionNumber: rev.revision,
    Differences: differences,
    Pricing: {
      Currency: currency,
      Lines: rev.lines.map((l, i) => ({
        ProductName: l.ProductName,
        ...(priced[i]?.prices ?? {
          MonthlyPrice: null,
          SetupPrice: null,
          MonthlyTotal: null,
          SetupTotal: null,
          Error: 'Not priced',
        }),
      })),
      ...(q ? quoteTotals(q.priced, currency) : { TotalRC: null, TotalNRC: null, Charges: null }),
    },
    Terms: terms,
    CanAcceptTerms: caller.capabilities.has(ACCEPT_TERMS),
    Refusal: refusal,
    LineRefusal: lineRefusal,
    MissingFields: lacked.map(
      (l): QuoteOrderField => ({
        Line: l.line,
        ProductName: rev.lines[l.line]?.ProductName ?? '',
        ProductDisplayName: rev.lines[l.line]?.ProductDisplayName ?? '',
        Definition: l.definition,
      }),
    ),
  };
}
