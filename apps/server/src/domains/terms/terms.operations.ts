import { ConfirmUserTerms, GetMyConfirmedTerms, ListPlatformTerms, PublishTermsRevision } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { confirmUserTerms, getMyConfirmedTerms, listPlatformTerms, publishTermsRevision } from './terms.service.js';

export const termsOperations = [
  handle(ConfirmUserTerms, (ctx, input) => confirmUserTerms(ctx, requireCaller(ctx), input)),
  handle(GetMyConfirmedTerms, async (ctx) => ({ Items: await getMyConfirmedTerms(ctx.db, requireCaller(ctx)) })),
  handle(ListPlatformTerms, async (ctx) => ({ Items: await listPlatformTerms(ctx.db, requireCaller(ctx)) })),
  handle(PublishTermsRevision, (ctx, input) => publishTermsRevision(ctx, requireCaller(ctx), input)),
];
