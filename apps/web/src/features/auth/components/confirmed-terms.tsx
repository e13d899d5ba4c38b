import { Accordion, Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { ConfirmedTerm } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatUtcMinute } from '../../../lib/format-time';
import { useMyConfirmedTerms } from '../api/use-access';

function TermsList({ items, title, empty }: { items: ConfirmedTerm[]; title: string; empty: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Accordion variant="separated" defaultValue="term-0">
          {items.map((item, index) => (
            <Accordion.Item key={`${item.Name}-${item.Version}`} value={`term-${index}`}>
              <Accordion.Control>
                {item.Name}{' '}
                <Text span size="sm" c="dimmed">
                  {t('access.terms.acceptedOn', { version: item.Version, date: formatUtcMinute(item.AcceptedAt) })}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.TermsText}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

/** [M7.19] The terms and privacy policy the user accepted, with the spec's empty messages [M8.12]. */
export function ConfirmedTerms() {
  const { t } = useTranslation();
  const query = useMyConfirmedTerms();
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const items = query.data.Items;
  return (
    <Stack gap="lg">
      <TermsList
        items={items.filter((i) => !i.IsPrivacyPolicy)}
        title={t('access.terms.confirmedTerms')}
        empty="No confirmed terms found"
      />
      <TermsList
        items={items.filter((i) => i.IsPrivacyPolicy)}
        title={t('access.terms.privacyPolicy')}
        empty="No privacy policy found"
      />
    </Stack>
  );
}
