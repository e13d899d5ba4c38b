import { Anchor, Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { SearchService } from '@portal/contracts';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';

export interface ServiceCardProps {
  service: SearchService;
  href: string;
  /** The link to the vendor's services: its address, and how a click on it is followed. */
  linkToVendor: (ownerId: number) => ServiceCardLink;
  /** The link to the services with a tag. */
  linkToTag: (tag: string) => ServiceCardLink;
  /** An action at the foot of the card (Order on an account's Available services tab). */
  action?: ReactNode;
}

export interface ServiceCardLink {
  href: string;
  onClick?: (event: MouseEvent) => void;
}

/** A service tile of the explore results [M3.11]: icon, name, vendor, price, intro text, tags and status. */
export function ServiceCard({ service: s, href, linkToVendor, linkToTag, action }: ServiceCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`service-${s.Id}-name`} h="100%">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={fileUrl(s.Icon)} size={44} radius="sm" alt="" aria-hidden>
            {s.DisplayName.slice(0, 1)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor href={href} fw={600} id={`service-${s.Id}-name`} lineClamp={2}>
              {s.DisplayName}
            </Anchor>
            <Anchor
              {...linkToVendor(s.OwnerAccountId)}
              size="sm"
              c="dimmed"
              aria-label={t('marketplace.card.vendorLink', { name: s.OwnerAccountName })}
            >
              {s.OwnerAccountName}
            </Anchor>
          </Stack>
        </Group>
        <Text size="sm" lineClamp={3} style={{ flex: 1 }}>
          {s.ShortDescription}
        </Text>
        <Group gap={6}>
          {s.Status !== 'Active' && (
            <Badge
              color={s.Status === 'Added' ? 'green' : 'gray'}
              c={s.Status === 'Added' ? 'green.9' : 'dark.6'}
              variant="light"
            >
              {t(`marketplace.status.${s.Status}`)}
            </Badge>
          )}
          {s.ServiceCategoryDisplayName && (
            <Badge color="blue" c="blue.9" variant="light">
              {s.ServiceCategoryDisplayName}
            </Badge>
          )}
          {s.Tags.slice(0, 3).map((tag) => (
            <Anchor key={tag} {...linkToTag(tag)} size="xs" aria-label={t('marketplace.card.tagLink', { tag })}>
              #{tag}
            </Anchor>
          ))}
        </Group>
        {s.Billing !== null && (
          <Text size="sm" fw={600}>
            {s.Billing === 'FREE' ? t('marketplace.card.free') : t('marketplace.card.perMonth', { price: s.Billing })}
          </Text>
        )}
        {action}
      </Stack>
    </Card>
  );
}
