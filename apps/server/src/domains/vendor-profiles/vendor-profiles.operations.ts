import { GetProductOwnerProfile, GetVendorProfile, SetProductOwnerProfile } from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './vendor-profiles.service.js';

export function vendorProfileOperations(deps: { storage: FileStorage }) {
  return [
    handle(GetVendorProfile, (ctx, input) => service.getVendorProfile(ctx.db, requireCaller(ctx), input.OwnerId)),
    handle(GetProductOwnerProfile, (ctx, input) => service.getProductOwnerProfile(ctx.db, requireCaller(ctx), input.AccountId)),
    handle(SetProductOwnerProfile, async (ctx, input) => {
      const saved = await service.setProductOwnerProfile(ctx.db, deps.storage, requireCaller(ctx), input, ctx.now);
      ctx.audit(saved.audit);
      return saved.result;
    }),
  ];
}
