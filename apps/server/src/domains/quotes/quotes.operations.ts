import {
  ArchiveQuote,
  CreateQuoteGroup,
  DeleteQuote,
  DeleteQuoteGroup,
  ExportSalesQuoteToExcel,
  ExportSalesQuoteToPdf,
  ListCustomerQuotes,
  ListQuoteArchive,
  ListQuoteCustomers,
  ListQuoteGroups,
  ListQuotes,
  ListSalesQuotes,
  ListSalesQuotesPriceTemplates,
  LoadCheckedMarketServices,
  LoadQuote,
  LoadSalesQuote,
  OrderQuote,
  PreviewQuoteOrder,
  PriceSalesQuote,
  RenameQuoteGroup,
  SaveSalesQuote,
  SetQuoteStatus,
  SetQuotesGroup,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { startQuoteExport } from './quotes.export.js';
import { orderQuote, previewQuoteOrder } from './quotes.order.js';
import * as service from './quotes.service.js';

export const quoteOperations = [
  handle(ListSalesQuotesPriceTemplates, (ctx) => service.priceTemplates(ctx.db, requireCaller(ctx))),
  handle(LoadCheckedMarketServices, (ctx, input) => service.checkedMarketServices(ctx.db, requireCaller(ctx), input, ctx.now)),
  handle(PriceSalesQuote, (ctx, input) => service.priceSalesQuote(ctx.db, requireCaller(ctx), input, ctx.now)),
  handle(ListSalesQuotes, (ctx, input) => service.listSalesQuotes(ctx.db, requireCaller(ctx), input)),
  handle(LoadSalesQuote, (ctx, input) => service.loadSalesQuote(ctx.db, requireCaller(ctx), input)),
  handle(SaveSalesQuote, async (ctx, { quote }) => {
    const saved = await service.saveSalesQuote(ctx.db, requireCaller(ctx), quote, ctx.now);
    ctx.audit({ accountId: requireCaller(ctx).scope.rootId, after: { Quote: saved } });
    return saved;
  }),
  handle(ListQuoteCustomers, (ctx, input) => service.quoteCustomers(ctx.db, requireCaller(ctx), input)),
  handle(ExportSalesQuoteToExcel, (ctx, input) => startQuoteExport(ctx.db, requireCaller(ctx), input, 'xlsx')),
  handle(ExportSalesQuoteToPdf, (ctx, input) => startQuoteExport(ctx.db, requireCaller(ctx), input, 'pdf')),
  handle(ListQuotes, (ctx, input) => service.listQuotes(ctx.db, requireCaller(ctx), 'own', input, ctx.now)),
  handle(ListCustomerQuotes, (ctx, input) => service.listQuotes(ctx.db, requireCaller(ctx), 'customers', input, ctx.now)),
  handle(ListQuoteArchive, (ctx, input) => service.listQuotes(ctx.db, requireCaller(ctx), 'archive', input, ctx.now)),
  handle(LoadQuote, (ctx, { id }) => service.loadQuote(ctx.db, requireCaller(ctx), id, ctx.now)),
  handle(DeleteQuote, async (ctx, { ids }) => {
    const deleted = await service.deleteQuotes(ctx.db, requireCaller(ctx), ids);
    ctx.audit({ accountId: requireCaller(ctx).scope.rootId, after: deleted });
    return deleted;
  }),
  handle(SetQuoteStatus, async (ctx, input) => {
    const changed = await service.setQuoteStatus(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({
      accountId: changed.quote.OwnerAccountId,
      before: { Status: changed.before },
      after: { QuoteId: input.id, Status: input.status },
    });
    return changed.quote;
  }),
  handle(ArchiveQuote, (ctx, { ids, archived }) => service.archiveQuotes(ctx.db, requireCaller(ctx), ids, archived, ctx.now)),
  handle(ListQuoteGroups, (ctx) => service.listGroups(ctx.db, requireCaller(ctx))),
  handle(CreateQuoteGroup, (ctx, { Name }) => service.createGroup(ctx.db, requireCaller(ctx), Name, ctx.now)),
  handle(RenameQuoteGroup, (ctx, input) => service.renameGroup(ctx.db, requireCaller(ctx), input)),
  handle(DeleteQuoteGroup, (ctx, { id }) => service.deleteGroup(ctx.db, requireCaller(ctx), id, ctx.now)),
  handle(SetQuotesGroup, (ctx, { ids, groupId }) => service.setQuotesGroup(ctx.db, requireCaller(ctx), ids, groupId, ctx.now)),
  handle(PreviewQuoteOrder, (ctx, { id }) => previewQuoteOrder(ctx.db, requireCaller(ctx), id, ctx.now)),
  handle(OrderQuote, async (ctx, input) => {
    const ordered = await orderQuote(ctx.db, requireCaller(ctx), input, ctx.now);
    for (const c of ordered.created)
      ctx.audit({ accountId: c.AccountId, after: { QuoteId: input.id, RequestId: input.requestId, ...c } });
    return ordered.result;
  }),
];
