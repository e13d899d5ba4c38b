import {
  CreateImport,
  GenerateExcelTemplate,
  GetAvailableImportTypes,
  GetAvailableMigrationParents,
  GetAvailableMigrationServicesForCompany,
  GetImport,
  ValidateExcelTemplate,
} from '@portal/contracts';
import type { FileStorage } from '../../platform/files/index.js';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-import.service.js';

export function accountImportOperations(deps: { storage: FileStorage }) {
  return [
    handle(GetAvailableImportTypes, async (ctx) => service.listImportTypes(requireCaller(ctx))),
    handle(GetAvailableMigrationParents, (ctx, input) => service.listMigrationParents(ctx.db, requireCaller(ctx), input)),
    handle(GetAvailableMigrationServicesForCompany, (ctx, input) =>
      service.listMigrationServices(ctx.db, requireCaller(ctx), input),
    ),
    handle(GenerateExcelTemplate, (ctx, input) => service.generateTemplate(ctx.db, requireCaller(ctx), input)),
    handle(ValidateExcelTemplate, async (ctx, input) => {
      const checked = await service.checkTemplate(ctx.db, deps.storage, requireCaller(ctx), {
        url: input.url,
        field: 'url',
        now: ctx.now,
        checkExpiry: true,
      });
      return checked.validation;
    }),
    handle(CreateImport, async (ctx, input) => {
      const started = await service.startImport(ctx.db, deps.storage, requireCaller(ctx), input, ctx.now);
      ctx.audit({
        accountId: started.Import.ParentAccountId,
        after: {
          ImportId: started.Import.ImportId,
          Name: input.name,
          AccountType: started.Import.AccountType,
          JobId: started.Job.Id,
        },
      });
      return started;
    }),
    handle(GetImport, (ctx, input) => service.getImportRecord(ctx.db, requireCaller(ctx), input.importId)),
  ];
}
