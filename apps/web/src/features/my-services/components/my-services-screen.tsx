import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AccountState } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../../../components/ui/no-access';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/format-time';
import { useMySubscriptions } from '../api/use-my-subscriptions';

export interface MyServicesScreenProps {
  hrefForAccount: (id: number) => string;
  /** The subscription's Service info tab. */
  hrefForServiceInfo: (id: number) => string;
  /** A custom action's screen for a subscription. */
  hrefForAction: (action: string, id: number) => string;
  /** The user's own security settings (password, second sign-in step). */
  securityHref: string;
}

const STATE_COLORS: Record<AccountState, string> = { Active: 'green', Suspended: 'yellow', Terminated: 'gray' };

/**
 * Decision 0054: a plain user's home, "My services": the subscriptions below the user's own account with their state
 * and what the user may do with each (open it, its service info, the custom actions the user may run).
 */
export function MyServicesScreen({ hrefForAccount, hrefForServiceInfo, hrefForAction, securityHref }: MyServicesScreenProps) {
  const { t } = useTranslation();
  const result = useMySubscriptions();
  const isDenied = result.error instanceof ApiError && result.error.status === 403;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('myServices.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('myServices.intro')}{' '}
        <Anchor href={securityHref} size="sm" underline="always">
          {t('myServices.security')}
        </Anchor>
      </Text>
      {result.isPending && <Loader aria-label={t('app.loading')} />}
      {isDenied && <NoAccess needs={['PRODUCT_ACCOUNT_READ']} />}
      {result.isError && !isDenied && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: result.error.message })}
        </ReadableAlert>
      )}
      {result.data && result.data.Items.length === 0 && (
        <Text c="dimmed" data-testid="my-services-empty">
          {t('myServices.empty')}
        </Text>
      )}
      {result.data && result.data.Items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {result.data.Items.map((s) => (
            <Card
              key={s.AccountId}
              withBorder
              component="li"
              aria-labelledby={`subscription-${s.AccountId}`}
              data-testid="my-service"
            >
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4" id={`subscription-${s.AccountId}`} style={{ overflowWrap: 'anywhere' }}>
                    {s.DisplayName}
                  </Title>
                  <Badge
                    color={STATE_COLORS[s.AccountState]}
                    c="var(--mantine-color-text)"
                    variant="light"
                    style={{ flexShrink: 0 }}
                  >
                    {t(`myServices.states.${s.AccountState}`)}
                  </Badge>
                </Group>
                {s.ProductName && s.ProductName !== s.DisplayName && (
                  <Text size="sm" c="dimmed">
                    {s.ProductName}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t('myServices.since', { date: formatUtcDay(s.CreatedAt) })}
                </Text>
                <Group gap="xs" mt="auto">
                  <Button
                    component="a"
                    href={hrefForAccount(s.AccountId)}
                    size="xs"
                    aria-label={t('myServices.openNamed', { name: s.DisplayName })}
                  >
                    {t('myServices.open')}
                  </Button>
                  <Button
                    component="a"
                    href={hrefForServiceInfo(s.AccountId)}
                    size="xs"
                    variant="default"
                    aria-label={t('myServices.serviceInfoNamed', { name: s.DisplayName })}
                  >
                    {t('myServices.serviceInfo')}
                  </Button>
                  {s.Actions.map((a) => (
                    <Button
                      key={a.Name}
                      component="a"
                      href={hrefForAction(a.Name, s.AccountId)}
                      size="xs"
                      variant="default"
                      aria-label={`${a.DisplayName}: ${s.DisplayName}`}
                    >
                      {a.DisplayName}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
