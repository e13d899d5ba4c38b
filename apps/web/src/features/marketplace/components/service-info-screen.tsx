import {
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { formatMoney, type ServiceInfo } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { fileUrl } from '../../../lib/file-url';
import { useServiceInfo } from '../api/use-marketplace';

export interface ServiceInfoScreenProps {
  /** The service by id (the info page), or a subscription's service (its Service info tab [A2.13]). */
  serviceId: number | { SubscriptionId: number };
  /** Order opens the ordering wizard [M2.42]; absent for a viewer who may not order (no Order button). */
  hrefForOrder?: (serviceName: string) => string;
  hrefForVendor: (ownerId: number) => string;
  hrefForTag: (tag: string) => string;
  hrefForCategory: (category: string) => string;
  hrefForExplore: string;
  /** The service's heading level: 1 on its own page, 2 inside a subscription's tab under the account's heading. */
  titleOrder?: 1 | 2;
}

/** A YouTube watch or short link as its embeddable address; null for anything else. */
function youTubeEmbed(url: string): string | null {
  const match = /(?:youtube\.com\/watch\?v=|youtu\.be\/|youtube\.com\/embed\/)([\w-]{6,})/.exec(url);
  return match ? `https://www.youtube-nocookie.com/embed/${match[1]}` : null;
}

function PriceCard({ price }: { price: NonNullable<ServiceInfo['Price']> }) {
  const { t } = useTranslation();
  const amount = (value: string | null) => (value === null ? t('marketplace.info.noPrice') : formatMoney(value, price.Currency));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="price-title">
      <Title order={2} size="h4" id="price-title" mb="xs">
        {t('marketplace.info.price')}
      </Title>
      {price.Lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('marketplace.info.noFees')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('marketplace.info.fee')}</Table.Th>
              <Table.Th ta="right">{t('marketplace.info.unitPrice')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {price.Lines.map((line, i) => (
              // Lines have no identity of their own; their order is the service's fee order.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={i}>
                <Table.Td>
                  {t(`marketplace.info.chargeType.${line.ChargeType}`)}
                  {line.Condition && ` · ${line.Condition}`}
                  {line.UnitField && ` · ${t('marketplace.info.perUnit', { field: line.UnitField })}`}
                  {line.AdvanceMonths !== null && ` · ${t('marketplace.info.advance', { count: line.AdvanceMonths })}`}
                </Table.Td>
                <Table.Td ta="right">{amount(line.UnitPrice)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between" mt="sm">
        <Text fw={600}>{t('marketplace.info.monthlyTotal')}</Text>
        <Text fw={600}>{amount(price.MonthlyTotal)}</Text>
      </Group>
      {price.SetupTotal !== null && price.SetupTotal !== '0' && (
        <Group justify="space-between">
          <Text>{t('marketplace.info.setupTotal')}</Text>
          <Text>{amount(price.SetupTotal)}</Text>
        </Group>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {price.PriceListName
          ? t('marketplace.info.fromPriceList', { name: price.PriceListName, currency: price.Currency })
          : t('marketplace.info.fromSrp', { currency: price.Currency })}
      </Text>
    </Card>
  );
}

/**
 * [M2.24] [M7.16] The service info page (/v/#/service/{id}): descriptions, terms, screenshots, videos
 * and downloads, the vendor, category and tags, the price in the viewer's currency, and Order, which
 * opens the creation wizard for the service.
 */
export function ServiceInfoScreen({
  serviceId,
  hrefForOrder,
  hrefForVendor,
  hrefForTag,
  hrefForCategory,
  hrefForExplore,
  titleOrder = 1,
}: ServiceInfoScreenProps) {
  const { t } = useTranslation();
  const info = useServiceInfo(typeof serviceId === 'number' ? { Id: serviceId } : serviceId);

  if (info.isPending) return <Loader aria-label={t('app.loading')} />;
  if (info.isError) {
    const status = info.error instanceof ApiError ? info.error.status : 0;
    return (
      <Stack gap="md">
        <Title order={titleOrder} size="h2">
          {t('marketplace.info.title')}
        </Title>
        <ReadableAlert color={status === 403 || status === 404 ? 'yellow' : 'red'} role="alert">
          {status === 403
            ? t('marketplace.denied.message')
            : status === 404
              ? t('marketplace.info.notFound')
              : t('app.loadFailed', { message: info.error.message })}
        </ReadableAlert>
        <Anchor href={hrefForExplore}>{t('marketplace.info.backToExplore')}</Anchor>
      </Stack>
    );
  }

  const s = info.data;
  const description = s.Descriptions.find((d) => d.Type === 'Description');
  const terms = s.Descriptions.find((d) => d.Type === 'TermsAndConditions');
  return (
    <Stack gap="md">
      <Anchor href={hrefForExplore} size="sm">
        {t('marketplace.info.backToExplore')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={fileUrl(s.Icon)} size={88} radius="md" alt="" aria-hidden>
            {s.DisplayName.slice(0, 1)}
          </Avatar>
          <Stack gap={4}>
            <Title order={titleOrder} size="h2">
              {s.DisplayName}
            </Title>
            <Text size="sm">
              {t('marketplace.info.by')} <Anchor href={hrefForVendor(s.Owner.OwnerId)}>{s.Owner.OwnerName}</Anchor>
            </Text>
            <Group gap={6}>
              {s.Category && (
                <Anchor href={hrefForCategory(s.Category.ServiceCategoryName)} size="sm">
                  <Badge variant="light" color="blue" c="blue.9" style={{ cursor: 'pointer' }}>
                    {s.Category.ServiceCategoryDisplayName}
                  </Badge>
                </Anchor>
              )}
              {s.Tags.map((tag) => (
                <Anchor key={tag} href={hrefForTag(tag)} size="sm">
                  #{tag}
                </Anchor>
              ))}
              {s.Status !== 'Active' && (
                <Badge variant="light" c="blue.9">
                  {t(`marketplace.status.${s.Status}`)}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          {hrefForOrder && (
            <Button component="a" href={hrefForOrder(s.ServiceName)}>
              {t('marketplace.info.order')}
            </Button>
          )}
          {/* [M2.42] The material number the ordering route also takes (decision 0043). */}
          <Text size="xs" c="dimmed" data-testid="material-number">
            {t('marketplace.info.materialNumber', { number: s.Id })}
          </Text>
        </Stack>
      </Group>
      {s.ShortDescription && <Text>{s.ShortDescription}</Text>}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Box style={{ gridColumn: 'span 2' }}>
          <Tabs defaultValue="description" keepMounted={false}>
            <Tabs.List aria-label={t('marketplace.info.sections')}>
              <Tabs.Tab value="description">{t('marketplace.info.description')}</Tabs.Tab>
              <Tabs.Tab value="media">
                {t('marketplace.info.media', { count: s.Screenshots.length + s.ServiceVideos.length })}
              </Tabs.Tab>
              <Tabs.Tab value="downloads">{t('marketplace.info.downloads', { count: s.Downloads.length })}</Tabs.Tab>
              <Tabs.Tab value="terms">{t('marketplace.info.terms')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="description" pt="md">
              {description?.Content ? (
                <MarkdownText text={description.Content} />
              ) : (
                <Text c="dimmed">{t('marketplace.info.noDescription')}</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="media" pt="md">
              {s.Screenshots.length + s.ServiceVideos.length === 0 && <Text c="dimmed">{t('marketplace.info.noMedia')}</Text>}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {s.Screenshots.map((shot) => (
                  <Stack key={shot.Url} gap={4}>
                    <Image
                      src={fileUrl(shot.Url)}
                      alt={shot.Description || t('marketplace.info.screenshot', { name: s.DisplayName })}
                      radius="sm"
                    />
                    {shot.Description && <Text size="xs">{shot.Description}</Text>}
                  </Stack>
                ))}
                {s.ServiceVideos.map((video) => {
                  const embed = youTubeEmbed(video.Url);
                  return (
                    <Stack key={video.Url} gap={4}>
                      {embed ? (
                        <iframe
                          src={embed}
                          title={video.Description || t('marketplace.info.video', { name: s.DisplayName })}
                          style={{ width: '100%', aspectRatio: '16 / 9', border: 0 }}
                          allowFullScreen
                        />
                      ) : (
                        <Anchor href={video.Url} target="_blank" rel="noreferrer">
                          {video.Description || video.Url}
                        </Anchor>
                      )}
                    </Stack>
                  );
                })}
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="downloads" pt="md">
              {s.Downloads.length === 0 ? (
                <Text c="dimmed">{t('marketplace.info.noDownloads')}</Text>
              ) : (
                <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
                  {s.Downloads.map((file) => (
                    <li key={file.Url}>
                      <Anchor href={fileUrl(file.Url) ?? '#'} download>
                        {file.Description || file.Url.split('/').pop()}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="terms" pt="md">
              {terms?.Content ? (
                <Stack gap="xs">
                  {terms.Title && (
                    <Title order={3} size="h5">
                      {terms.Title}
                    </Title>
                  )}
                  <MarkdownText text={terms.Content} />
                  <Text size="xs" c="dimmed">
                    {s.IsTcAccepted ? t('marketplace.info.termsAccepted') : t('marketplace.info.termsNotAccepted')}
                  </Text>
                </Stack>
              ) : (
                <Text c="dimmed">{t('marketplace.info.noTerms')}</Text>
              )}
            </Tabs.Panel>
          </Tabs>
        </Box>
        <Stack gap="md">
          {s.Price ? (
            <PriceCard price={s.Price} />
          ) : (
            <Card withBorder radius="md" padding="md">
              <Text size="sm" c="dimmed">
                {t('marketplace.info.priceHidden')}
              </Text>
            </Card>
          )}
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="facts-title">
            <Title order={2} size="h4" id="facts-title" mb="xs">
              {t('marketplace.info.facts')}
            </Title>
            <Stack gap={4}>
              <Text size="sm">
                {t('marketplace.info.minimumContract')}:{' '}
                {s.MinimumContractPeriodInDays === null
                  ? t('marketplace.info.none')
                  : t('marketplace.info.days', { count: s.MinimumContractPeriodInDays })}
              </Text>
              <Text size="sm">
                {t('marketplace.info.priceProtection')}:{' '}
                {s.PriceProtectionLengthInDays === null
                  ? t('marketplace.info.none')
                  : t('marketplace.info.days', { count: s.PriceProtectionLengthInDays })}
              </Text>
              <Text size="sm">
                {t('marketplace.info.serviceName')}: {s.ServiceName}
              </Text>
            </Stack>
          </Card>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
