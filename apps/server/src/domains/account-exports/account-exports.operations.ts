import { ExportUserCredentials, GenerateCompanyHierarchy } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-exports.service.js';

export const accountExportOperations = [
  handle(GenerateCompanyHierarchy, async (ctx, { accountId }) => {
    const job = await service.startHierarchyExport(ctx.db, requireCaller(ctx), accountId);
    ctx.audit({ accountId, after: { JobId: job.Id } });
    return job;
  }),
  handle(ExportUserCredentials, async (ctx, { companyIds }) => {
    const job = await service.startCredentialsExport(ctx.db, requireCaller(ctx), companyIds);
    ctx.audit({ accountId: job.AccountId, after: { CompanyIds: companyIds, JobId: job.Id } });
    return job;
  }),
];
