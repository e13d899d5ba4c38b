import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreditLimits } from '../api/use-credit-limits';
import { CreditHistoryTable } from './credit-history-table';
import { CreditLimitEditor } from './credit-limit-editor';
import { CreditPolicyForm } from './credit-policy-form';

export interface CreditCheckTabProps {
  accountId: number;
  hrefForAccount: (id: number) => string;
}

/**
 * [A2.12] [A2.47] The Credit check tab of a company or reseller: the limit, its editor and the change history;
 * a reseller's setting for its customers without a limit; and (decision 0046) a company's own limit, read-only and
 * without the reseller's history.
 */
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
      {data.Policy === null && data.Limit === null && (
        <Text size="sm" data-testid="credit-without-limit">
          {t(`credit.withoutLimit.${data.OrdersWithoutLimit}`)}
        </Text>
      )}
      {data.Policy && <CreditPolicyForm key={`${data.Policy.Version}`} policy={data.Policy} />}
      {data.OwnOrganisation ? (
        <Text size="sm" c="dimmed">
          {t('credit.ownOrganisation')}
        </Text>
      ) : (
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
      )}
    </Stack>
  );
}
