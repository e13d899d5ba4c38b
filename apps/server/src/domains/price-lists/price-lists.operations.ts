import {
  AssignMarketplace,
  CheckForMarketplaceServiceInstances,
  CopyMarketplace,
  CreateMarketplace,
  DeleteMarketplace,
  GetAvailableMarketplacesForServices,
  GetMarketplaceProperties,
  ListMarketplaceAssigneeCandidates,
  ListMarketplaceAssignees,
  ListMarketplaceServicesLite,
  ListMarketplaces,
  UnassignMarketplace,
  UpdateMarketplaceName,
  UpdateMarketplaceProperties,
  UpdateMarketplaceServices,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './price-lists.service.js';

export const priceListOperations = [
  handle(ListMarketplaces, (ctx, input) => service.listMarketplaces(ctx.db, requireCaller(ctx), input)),
  handle(GetMarketplaceProperties, (ctx, input) => service.getMarketplaceProperties(ctx.db, requireCaller(ctx), input.id)),
  handle(CreateMarketplace, async (ctx, input) => {
    const created = await service.createMarketplace(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: created.OwnerAccountId, after: created });
    return created;
  }),
  handle(UpdateMarketplaceName, async (ctx, input) => {
    const { before, after } = await service.updateMarketplaceName(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: after.OwnerAccountId, before, after: { Id: after.Id, Name: after.Name } });
    return after;
  }),
  handle(UpdateMarketplaceProperties, async (ctx, input) => {
    const { before, after } = await service.updateMarketplaceProperties(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: after.OwnerAccountId, before, after });
    return after;
  }),
  handle(CopyMarketplace, async (ctx, input) => {
    const { Id, ...copy } = await service.copyMarketplace(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ after: { Id, ...copy } });
    return { Id };
  }),
  handle(DeleteMarketplace, async (ctx, input) => {
    const { Id, before } = await service.deleteMarketplace(ctx.db, requireCaller(ctx), input);
    ctx.audit({ accountId: before.OwnerAccountId, before });
    return { Id };
  }),
  handle(UpdateMarketplaceServices, async (ctx, input) => {
    const result = await service.updateMarketplaceServices(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: result.Marketplace.OwnerAccountId, after: { Id: input.marketplaceId, Services: result.Services } });
    return result;
  }),
  handle(CheckForMarketplaceServiceInstances, (ctx, input) =>
    service.checkForMarketplaceServiceInstances(ctx.db, requireCaller(ctx), input),
  ),
  handle(ListMarketplaceServicesLite, (ctx, input) => service.listMarketplaceServicesLite(ctx.db, requireCaller(ctx), input)),
  handle(GetAvailableMarketplacesForServices, (ctx, input) =>
    service.getAvailableMarketplacesForServices(ctx.db, requireCaller(ctx), input.ids),
  ),
  handle(ListMarketplaceAssignees, (ctx, input) => service.listMarketplaceAssignees(ctx.db, requireCaller(ctx), input)),
  handle(ListMarketplaceAssigneeCandidates, (ctx, input) => service.listAssigneeCandidates(ctx.db, requireCaller(ctx), input)),
  handle(AssignMarketplace, async (ctx, input) => {
    const { assignee, after } = await service.assignMarketplace(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: input.accountId, after: { Id: after.Id, Name: after.Name, Assigned: assignee } });
    return after;
  }),
  handle(UnassignMarketplace, async (ctx, input) => {
    const after = await service.unassignMarketplace(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: input.accountId, after: { Id: after.Id, Name: after.Name, Unassigned: input.accountId } });
    return after;
  }),
];
