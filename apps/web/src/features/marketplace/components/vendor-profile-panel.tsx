import { Avatar, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';

export interface VendorProfilePanelProps {
  name: string;
  /** The vendor's logo as a file reference (OwnerProfileIcon). */
  icon: string | null;
  serviceCount: number;
  onClose: () => void;
}

/** [M2.26] The vendor filtered on: its logo, name and how many of its services match. */
export function VendorProfilePanel({ name, icon, serviceCount, onClose }: VendorProfilePanelProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="vendor-panel-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Avatar src={fileUrl(icon)} size={88} radius="sm" alt={t('marketplace.vendor.logo', { name })}>
            {name.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Title order={2} size="h4" id="vendor-panel-title">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('marketplace.category.serviceCount', { count: serviceCount })}
            </Text>
          </Stack>
        </Group>
        <CloseButton onClick={onClose} aria-label={t('marketplace.vendor.close', { name })} />
      </Group>
    </Card>
  );
}
