import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreditLimits } from '../api/use-credit-limits';
import { CreditHistoryTable } from './credit-history-table';
import { CreditLimitEditor } from './credit-limit-editor';

export interface CreditCheckTabProps {
  accountId: number;
  hrefForAccount: (id: number) => string;
}

/** [A2.12] [A2.47] The Credit check tab of a company or reseller: the limit, its editor and the change history. */
export function CreditCheckTab({ accountId, hrefForAccount }: CreditCheckTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useCreditLimits(accountId, page);
  const data = query.data;

  if (query.isError && !data) return <Alert color="red">{query.error.message}</Alert>;
  if (!data) return <Loader size="sm" aria-label={t('app.loading')} />;
  return (
    <Stack gap="lg">
      <CreditLimitEditor key={`${data.Limit}-${data.IsLocked}-${data.CanEdit}-${data.Total}`} accountId={accountId} data={data} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('credit.history')}
        </Title>
        {query.isError && <Alert color="red">{query.error.message}</Alert>}
        <CreditHistoryTable
          items={data.Items}
          total={data.Total}
          page={data.Page}
          pageSize={data.PageSize}
          isFetching={query.isFetching}
          onPageChange={setPage}
          hrefForAccount={hrefForAccount}
        />
      </Stack>
    </Stack>
  );
}
