import { Anchor, Card, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useFrequentReports } from '../api/use-reports';
import { ParametersExpander } from './parameters-expander';

/**
 * [M2.52] The landing page: 'Most frequently used reports' as tiles (group, name, description as tooltip and text,
 * parameters behind an expander), or an empty state.
 */
export function FrequentReports({ hrefFor }: { hrefFor: (link: string) => string }) {
  const { t } = useTranslation();
  const frequent = useFrequentReports();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reports.frequent.title')}
      </Title>
      {frequent.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {frequent.isError && <ReadableAlert color="red">{t('reports.frequent.failed')}</ReadableAlert>}
      {frequent.data?.Reports.length === 0 && (
        <Card withBorder padding="lg" data-testid="frequent-empty">
          <Text fw={600}>{t('reports.frequent.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('reports.frequent.emptyText')}
          </Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {frequent.data?.Reports.map((r) => (
          <Card key={r.reportLink} withBorder padding="md" component="article" aria-label={r.reportName}>
            <Text size="xs" c="gray.8" tt="uppercase" fw={700}>
              {r.reportGroup}
            </Text>
            <Tooltip label={r.reportDescription || r.reportName} multiline w={280}>
              <Anchor href={hrefFor(r.reportLink)} fw={600} size="lg">
                {r.reportName}
              </Anchor>
            </Tooltip>
            {r.reportDescription && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {r.reportDescription}
              </Text>
            )}
            <ParametersExpander reportName={r.reportName} parameters={r.parameters} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
