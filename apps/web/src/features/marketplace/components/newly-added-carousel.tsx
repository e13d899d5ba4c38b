import { ActionIcon, Anchor, Avatar, Box, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { NEWLY_ADDED_COUNT, type SearchOptions } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { fileUrl } from '../../../lib/file-url';
import { localDay, toTypedDate } from '../../../lib/typed-date';
import { useSearchServices } from '../api/use-marketplace';

export interface NewlyAddedCarouselProps {
  options: SearchOptions;
  hrefForService: (id: number) => string;
}

const TILE_WIDTH = 220;

/** [M2.26] [M9.6] The newly added services: the 20 latest, newest first, in a row that scrolls sideways. */
export function NewlyAddedCarousel({ options, hrefForService }: NewlyAddedCarouselProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLUListElement>(null);
  const newest = useSearchServices({
    options,
    orderBy: { Key: 'CreateDate', Direction: 'DESC' },
    page: 1,
    limit: NEWLY_ADDED_COUNT,
  });
  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * (TILE_WIDTH + 12) * 2, behavior: 'smooth' });
  const items = newest.data?.Services ?? [];

  return (
    <Box component="section" aria-labelledby="newly-added-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="newly-added-title">
          {t('marketplace.newlyAdded.title')}
        </Title>
        {items.length > 0 && (
          <Group gap="xs">
            <ActionIcon variant="default" onClick={() => scroll(-1)} aria-label={t('marketplace.newlyAdded.previous')}>
              ‹
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => scroll(1)} aria-label={t('marketplace.newlyAdded.next')}>
              ›
            </ActionIcon>
          </Group>
        )}
      </Group>
      {newest.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {newest.isError && (
        <ReadableAlert color="red" role="alert">
          {t('app.loadFailed', { message: newest.error.message })}
        </ReadableAlert>
      )}
      {newest.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('marketplace.empty.noServices')}
        </Text>
      )}
      {items.length > 0 && (
        <Box
          component="ul"
          ref={row}
          aria-label={t('marketplace.newlyAdded.title')}
          style={{
            display: 'flex',
            gap: 12,
            overflowX: 'auto',
            listStyle: 'none',
            padding: 0,
            margin: 0,
            scrollSnapType: 'x mandatory',
          }}
        >
          {items.map((s) => (
            <Box component="li" key={s.Id} style={{ flex: `0 0 ${TILE_WIDTH}px`, scrollSnapAlign: 'start' }}>
              <Card withBorder radius="md" padding="sm" h="100%">
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={fileUrl(s.Icon)} size={32} radius="sm" alt="" aria-hidden>
                      {s.DisplayName.slice(0, 1)}
                    </Avatar>
                    <Anchor href={hrefForService(s.Id)} size="sm" fw={600} lineClamp={2}>
                      {s.DisplayName}
                    </Anchor>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {s.OwnerAccountName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('marketplace.newlyAdded.added', { date: toTypedDate(localDay(new Date(s.CreateDate))) })}
                  </Text>
                </Stack>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
