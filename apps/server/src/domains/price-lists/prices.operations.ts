import {
  ExportMarketplacePricesToExcel,
  ExportMyServicesToExcel,
  GetMarketplaceServicePrices,
  GetMarketplaceTermsReview,
  GetPriceExportFilterOptions,
  GetUpdatedMarketplacePricesFromExcel,
  GetUpdatedMyPricesFromExcel,
  ListMarketplacePricingRules,
  PreviewMarketplacePricingRules,
  SaveMarketplacePricingRules,
  SetMarketplaceMarkup,
  UpdateMarketplaceServiceCharges,
  UpdateMarketplaceServicePrices,
  UpdateMyServicesSRPFromExcel,
} from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as excel from './excel.service.js';
import * as service from './prices.service.js';

/** The price operations of price lists and "my services" (see PRICES.md). */
export function priceListPriceOperations(deps: { storage: FileStorage }) {
  return [
    handle(GetMarketplaceServicePrices, (ctx, input) => service.getServicePrices(ctx.db, requireCaller(ctx), input)),
    handle(UpdateMarketplaceServicePrices, async (ctx, input) => {
      const saved = await service.updateServicePrices(ctx.db, requireCaller(ctx), input);
      ctx.audit({ after: { MarketplaceId: input.marketplaceId, ServiceId: input.serviceId, Charges: input.Charges } });
      return saved;
    }),
    handle(GetPriceExportFilterOptions, (ctx, input) => excel.exportFilterOptions(ctx.db, requireCaller(ctx), input)),
    handle(ExportMarketplacePricesToExcel, (ctx, input) => excel.startMarketplaceExport(ctx.db, requireCaller(ctx), input)),
    handle(ExportMyServicesToExcel, (ctx, input) => excel.startMyServicesExport(ctx.db, requireCaller(ctx), input)),
    handle(GetUpdatedMarketplacePricesFromExcel, (ctx, input) =>
      excel.previewMarketplaceUpload(ctx.db, deps.storage, requireCaller(ctx), { ...input, log: ctx.log }),
    ),
    handle(GetUpdatedMyPricesFromExcel, (ctx, input) =>
      excel.previewMyServicesUpload(ctx.db, deps.storage, requireCaller(ctx), { ...input, log: ctx.log }),
    ),
    handle(UpdateMarketplaceServiceCharges, async (ctx, input) => {
      const saved = await excel.saveMarketplaceCharges(ctx.db, requireCaller(ctx), input);
      ctx.audit({ after: { MarketplaceId: input.marketplaceId, Updated: saved.Updated } });
      return saved;
    }),
    handle(UpdateMyServicesSRPFromExcel, async (ctx, input) => {
      const saved = await excel.saveMyServicesCharges(ctx.db, requireCaller(ctx), input);
      ctx.audit({ after: { Updated: saved.Updated } });
      return saved;
    }),
    handle(ListMarketplacePricingRules, (ctx, input) =>
      service.listPricingRules(ctx.db, requireCaller(ctx), input.marketplaceId),
    ),
    handle(PreviewMarketplacePricingRules, (ctx, input) => service.previewPricingRules(ctx.db, requireCaller(ctx), input)),
    handle(SaveMarketplacePricingRules, (ctx, input) => service.savePricingRules(ctx.db, requireCaller(ctx), input)),
    handle(SetMarketplaceMarkup, async (ctx, input) => {
      const result = await service.setMarkup(ctx.db, requireCaller(ctx), input);
      ctx.audit({ after: { MarketplaceId: input.marketplaceId, MarkupPercent: result.MarkupPercent } });
      return result;
    }),
    handle(GetMarketplaceTermsReview, (ctx, input) => service.getTermsReview(ctx.db, requireCaller(ctx), input.marketplaceId)),
  ];
}
