import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditAllPricesByExcelWindow } from './edit-all-prices-by-excel-window';
import { ExportPricesWindow } from './export-prices-window';

const TARGET = { kind: 'myServices' } as const;

/**
 * [M6.4] [M7.11]-[M7.13] "Your services" for MY_SERVICES_UPDATE holders: export the suggested retail prices of
 * the caller's services to Excel and edit them by uploading the file.
 */
export function MyServicesPriceTools() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'export' | 'edit' | null>(null);
  return (
    <Group gap="xs" justify="flex-end">
      <Button variant="default" onClick={() => setOpen('export')}>
        {t('prices.myServices.export')}
      </Button>
      <Button variant="default" onClick={() => setOpen('edit')}>
        {t('prices.myServices.edit')}
      </Button>
      <ExportPricesWindow target={TARGET} opened={open === 'export'} onClose={() => setOpen(null)} />
      <EditAllPricesByExcelWindow
        target={TARGET}
        opened={open === 'edit'}
        onClose={() => setOpen(null)}
        onExport={() => setOpen('export')}
      />
    </Group>
  );
}
