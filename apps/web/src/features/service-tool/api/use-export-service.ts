import { ExportService, ImportService } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../lib/api-client';
import { exportFileName } from '../utils/transfer';

/** Hands a JSON document to the browser as a file download. */
function downloadJson(fileName: string, value: unknown) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** [S4.1] ExportService, saved as '<service name>.json'. */
export function useExportService() {
  return useMutation({
    mutationFn: async (serviceName: string) => {
      const doc = await callOperation(ExportService, { ServiceName: serviceName });
      downloadJson(exportFileName(doc.ServiceName), doc);
      return doc;
    },
  });
}

/** [S4.1], [S5.2] ImportService: checks and cleans an exported service; creates nothing. */
export function useImportService() {
  return useMutation({
    mutationFn: (service: unknown) => callOperation(ImportService, { Service: service }),
  });
}
