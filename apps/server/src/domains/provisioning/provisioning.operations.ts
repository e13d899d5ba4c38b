import {
  GetAccountProvisioningRequests,
  RecreateProvisioningRequest,
  RetryAccountLastFailedProvisioningRequest,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './provisioning.service.js';

export const provisioningOperations = [
  handle(RetryAccountLastFailedProvisioningRequest, async (ctx, input) => {
    const { request, before } = await service.retryLastFailed(ctx.db, requireCaller(ctx), input.id, ctx.now);
    ctx.audit({ accountId: input.id, before, after: { RequestId: request.Id, Status: request.Status } });
    return request;
  }),
  handle(RecreateProvisioningRequest, async (ctx, input) => {
    const result = await service.recreate(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: input.id, after: { RequestId: result.Id, Action: result.Action, Canceled: result.CanceledRequests } });
    return result;
  }),
  handle(GetAccountProvisioningRequests, (ctx, input) => service.listRequests(ctx.db, requireCaller(ctx), input)),
];
