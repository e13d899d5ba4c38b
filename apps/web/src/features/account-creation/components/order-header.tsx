import { Avatar, Badge, CloseButton, Group, Loader, Stack, Text } from '@mantine/core';
import { formatMoney } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';
import { initialsOf } from '../utils/ordering-steps';

export interface OrderHeaderTotals {
  monthly: string | null;
  /** The one-time charge per subscription (setup); null when there is none. */
  perSubscription: string | null;
  currency: string;
  isUpdating: boolean;
}

/**
 * [M2.44] The ordering wizard's header: close button, 'Ordering' badge, the service's icon and name, the total per
 * month (and per subscription when there is one) from the review's pricing as it is now, the user's initials and
 * full name, and the portal's logo.
 */
export function OrderHeader(props: {
  /** The dialog's title (the service's name), drawn by the window so that it names the dialog. */
  title: ReactNode;
  serviceName: string;
  icon: string | null;
  totals: OrderHeaderTotals | null;
  userName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { totals } = props;
  const money = (amount: string) => formatMoney(amount, totals?.currency);
  return (
    // On a phone the total and the user move to a second line, so the service's name keeps its room.
    <Group component="header" justify="space-between" wrap="wrap" gap="sm" px="md" style={{ rowGap: 4 }} py="xs" w="100%" miw={0}>
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 330px' }}>
        <CloseButton size="lg" onClick={props.onClose} aria-label={t('ordering.close')} />
        <Badge variant="filled" color="blue.8" style={{ flexShrink: 0 }}>
          {t('ordering.badge')}
        </Badge>
        <Avatar src={fileUrl(props.icon)} size={36} radius="sm" alt="" aria-hidden>
          {props.serviceName.slice(0, 1)}
        </Avatar>
        {props.title}
      </Group>
      <Group gap="md" wrap="nowrap" ml="auto">
        {totals?.monthly != null && (
          <Stack gap={0} align="flex-end" data-testid="header-total" aria-live="polite">
            <Group gap={4} wrap="nowrap">
              {totals.isUpdating && <Loader size={12} aria-label={t('ordering.header.updating')} />}
              <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('ordering.header.perMonth', { amount: money(totals.monthly) })}
              </Text>
            </Group>
            {totals.perSubscription !== null && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('ordering.header.perSubscription', { amount: money(totals.perSubscription) })}
              </Text>
            )}
          </Stack>
        )}
        <Group gap={8} wrap="nowrap" data-testid="ordering-user">
          <Avatar color="blue.8" variant="filled" radius="xl" size={32} aria-hidden>
            {initialsOf(props.userName)}
          </Avatar>
          <Text size="sm" fw={500} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            {props.userName}
          </Text>
        </Group>
        <Text fw={700} c="blue.9" visibleFrom="md" style={{ whiteSpace: 'nowrap' }} data-testid="ordering-logo">
          {t('app.name')}
        </Text>
      </Group>
    </Group>
  );
}
