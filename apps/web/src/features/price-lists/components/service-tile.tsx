import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { MarketplaceServiceStatus } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<MarketplaceServiceStatus, string> = {
  Active: 'gray',
  Added: 'green',
  Hidden: 'orange',
  Deleted: 'red',
};

/** [M4.13] A service tile with its status in the price list; actions below. */
export function ServiceTile(props: {
  name: string;
  vendor: string;
  category: string | null;
  description: string;
  status: MarketplaceServiceStatus;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" component="article" aria-label={props.name} data-testid="service-tile">
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2}>
              {props.name}
            </Text>
            <Badge color={STATUS_COLOR[props.status]} variant="dot" data-testid="service-status" style={{ flexShrink: 0 }}>
              {t(`priceLists.status.${props.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {props.category
              ? t('priceLists.tileVendorCategory', { vendor: props.vendor, category: props.category })
              : props.vendor}
          </Text>
          {props.description && (
            <Text size="sm" lineClamp={2}>
              {props.description}
            </Text>
          )}
        </Stack>
        {props.children && <Group gap="xs">{props.children}</Group>}
      </Stack>
    </Card>
  );
}
