import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Accounts tab's pages (decision 0054), each control named for screen readers. */
export function ChildAccountsPager(props: { total: number; page: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pagination
      total={props.total}
      value={props.page}
      onChange={props.onChange}
      getControlProps={(control) => ({ 'aria-label': t(`childAccounts.pager.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('childAccounts.pager.page', { page }) })}
    />
  );
}
