import {
  CreateService,
  DeleteServiceDraft,
  ExportService,
  GetAvailableCurrencyList,
  GetPossibleDescriptionGroups,
  GetService,
  GetServiceAvailableCategoryList,
  GetServiceAvailableDatacenters,
  GetServiceAvailableTagList,
  GetServiceDescriptions,
  GetServiceDraft,
  ImportService,
  ListServices,
  SaveServiceDraft,
  UpdateService,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './catalogue.service.js';
import * as drafts from './drafts.service.js';
import { withoutProvisioningPasswords } from './provisioning-passwords.js';

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
    // [S4.2] The create window's draft goes with a successful save.
    await drafts.deleteDraftAfterSave(ctx.db, requireCaller(ctx), null);
    ctx.audit({
      accountId: ownerId,
      // The audit keeps the input without its provisioning passwords (decision 0035).
      after: {
        ServiceName: result.ServiceName,
        Id: result.Id,
        JobId: result.JobId,
        Service: withoutProvisioningPasswords(input),
      },
    });
    return result;
  }),
  handle(UpdateService, async (ctx, input) => {
    const { result, ownerId, before, after } = await service.updateService(ctx.db, requireCaller(ctx), input, ctx.now);
    await drafts.deleteDraftAfterSave(ctx.db, requireCaller(ctx), result.Service.ServiceName);
    ctx.audit({ accountId: ownerId, before, after });
    return result;
  }),
  handle(ExportService, (ctx, input) => service.exportService(ctx.db, requireCaller(ctx), input.ServiceName)),
  handle(ImportService, (ctx, input) => service.importService(ctx.db, requireCaller(ctx), input.Service)),
  // [S4.2], [S9.4] Drafts of the service tool window, per user.
  handle(GetServiceDraft, (ctx, input) => drafts.getDraft(ctx.db, requireCaller(ctx), input.ServiceName)),
  handle(SaveServiceDraft, async (ctx, input) => {
    const { result, ownerId } = await drafts.saveDraft(ctx.db, requireCaller(ctx), input, ctx.now);
    // The draft's content is the form's; the audit row says whose draft of which window changed.
    ctx.audit({ accountId: ownerId, after: { Draft: result.Key, Added: result.Added } });
    return result;
  }),
  handle(DeleteServiceDraft, async (ctx, input) => {
    const { result, key, ownerId } = await drafts.deleteDraft(ctx.db, requireCaller(ctx), input);
    ctx.audit({ accountId: ownerId, before: { Draft: key }, after: result });
    return result;
  }),
];
