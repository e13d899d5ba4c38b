import { Button } from '@mantine/core';
import { importableTypes } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** [A1.4] "Import accounts" on the account page, for viewers who may import at least one type [A5.13]. */
export function ImportAccountsButton(props: { capabilities: readonly string[]; onImport: () => void }) {
  const { t } = useTranslation();
  if (importableTypes(props.capabilities).length === 0) return null;
  return (
    <Button variant="default" onClick={props.onImport}>
      {t('accountImport.open')}
    </Button>
  );
}
