import {
  CreateService,
  ExportService,
  GetAvailableCurrencyList,
  GetPossibleDescriptionGroups,
  GetService,
  GetServiceAvailableCategoryList,
  GetServiceAvailableDatacenters,
  GetServiceAvailableTagList,
  GetServiceDescriptions,
  ImportService,
  ListServices,
  UpdateService,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './catalogue.service.js';

export const catalogueOperations = [
  handle(ListServices, (ctx, input) => service.listServices(ctx.db, requireCaller(ctx), input)),
  handle(GetServiceAvailableCategoryList, (ctx) => service.listCategories(ctx.db, requireCaller(ctx))),
  handle(GetServiceAvailableTagList, (ctx) => service.listTags(ctx.db, requireCaller(ctx))),
  handle(GetAvailableCurrencyList, (ctx) => service.listCurrencies(ctx.db, requireCaller(ctx))),
  handle(GetServiceAvailableDatacenters, (ctx) => service.listDatacenters(ctx.db, requireCaller(ctx))),
  handle(GetPossibleDescriptionGroups, (ctx, input) => service.possibleDescriptionGroups(ctx.db, requireCaller(ctx), input)),
  handle(GetServiceDescriptions, (ctx, input) => service.serviceDescriptions(ctx.db, requireCaller(ctx), input.ServiceName)),
  handle(GetService, (ctx, input) => service.getService(ctx.db, requireCaller(ctx), input.ServiceName)),
  handle(CreateService, async (ctx, input) => {
    const { result, ownerId } = await service.createService(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({
      accountId: ownerId,
      after: { ServiceName: result.ServiceName, Id: result.Id, JobId: result.JobId, Service: input },
    });
    return result;
  }),
  handle(UpdateService, async (ctx, input) => {
    const { result, ownerId, before, after } = await service.updateService(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: ownerId, before, after });
    return result;
  }),
  handle(ExportService, (ctx, input) => service.exportService(ctx.db, requireCaller(ctx), input.ServiceName)),
  handle(ImportService, (ctx, input) => service.importService(ctx.db, requireCaller(ctx), input.Service)),
];
