import {
  CreateImport,
  GenerateExcelTemplate,
  GetAvailableImportTypes,
  GetAvailableMigrationParents,
  GetAvailableMigrationServicesForCompany,
  GetJob,
  type ImportType,
  isJobPending,
  ValidateExcelTemplate,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { accountImportKeys } from './account-import-keys';

/** [A2.46], [A5.13] The types the server says this caller may import. */
export function useImportTypes(enabled: boolean) {
  return useQuery({
    queryKey: accountImportKeys.types(),
    queryFn: ({ signal }) => callOperation(GetAvailableImportTypes, {}, { signal }),
    enabled,
  });
}

/** [A7.12] GetAvailableMigrationParents: whether any account may hold the chosen type [A8.5]. */
export function useMigrationParents(type: ImportType | null, accountIds: readonly number[]) {
  return useQuery({
    queryKey: accountImportKeys.parents(type ?? 'User', accountIds),
    queryFn: ({ signal }) =>
      callOperation(
        GetAvailableMigrationParents,
        { accountType: type ?? 'User', accountIds: [...accountIds], limit: 50 },
        { signal },
      ),
    enabled: type !== null,
    retry: false,
  });
}

/** [A2.46] [A7.12] The services a service import under the chosen parent can subscribe to. */
export function useMigrationServices(parentId: number | null, text: string) {
  return useQuery({
    queryKey: accountImportKeys.services(parentId ?? 0, text),
    queryFn: ({ signal }) =>
      callOperation(GetAvailableMigrationServicesForCompany, { accountId: parentId ?? 0, text, limit: 50 }, { signal }),
    enabled: parentId !== null,
  });
}

/** [A7.12] GenerateExcelTemplate, saved by the browser as a .xlsm file. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: async (input: { type: ImportType; parentId: number; productName: string | null }) => {
      const file = await callOperation(GenerateExcelTemplate, {
        type: input.type,
        productName: input.productName,
        mode: 'CREATE',
        accountIds: [input.parentId],
      });
      const bytes = Uint8Array.from(atob(file.Content), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: file.ContentType }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.FileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return file.FileName;
    },
  });
}

/** [A3.9] ValidateExcelTemplate of an upload. */
export function useValidateTemplate() {
  return useMutation({
    mutationFn: (url: string) => callOperation(ValidateExcelTemplate, { url }),
  });
}

/** [A7.12] CreateImport: queues the import job. */
export function useCreateImport() {
  return useMutation({
    mutationFn: (input: { uploadUrl: string; name: string }) =>
      callOperation(CreateImport, input, { idempotencyKey: newIdempotencyKey() }),
  });
}

/** The import job's progress, polled while it runs; the account tree reloads once it succeeded. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: accountImportKeys.job(id ?? ''),
    queryFn: async ({ signal }) => {
      const job = await callOperation(GetJob, { id: id as string }, { signal });
      // The accounts feature keeps its queries under 'accounts': the imported accounts show in the tree.
      if (job.Status === 'succeeded') await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      return job;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && !isJobPending(query.state.data) ? false : 1000),
    retry: 3,
  });
}
