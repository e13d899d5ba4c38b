import {
  GetCompanyMarketplaceService,
  GetSearchServicesMetadata,
  GetServiceInfo,
  SearchServices,
  SearchServicesAutocomplete,
} from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import * as service from './marketplace-search.service.js';

export const marketplaceSearchOperations = [
  handle(SearchServices, (ctx, input) => service.searchServices(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, input)),
  handle(GetSearchServicesMetadata, (ctx, input) =>
    service.searchMetadata(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, input.options),
  ),
  handle(SearchServicesAutocomplete, (ctx, input) =>
    service.autocomplete(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, input),
  ),
  handle(GetServiceInfo, (ctx, input) => service.getServiceInfo(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, input)),
  handle(GetCompanyMarketplaceService, (ctx) =>
    service.getSubscriptionServiceInfo(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, requireAccount(ctx)),
  ),
];
