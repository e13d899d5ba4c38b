import { useDroppable } from '@dnd-kit/core';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_DRAG_PREFIX, QUOTE_DROP_ZONE } from '../utils/quote-drag';

/** [M2.2] The main area: the quote's lines, and where catalogue services are dropped; a hint while it is empty. */
export function QuoteDropZone(props: { isEmpty: boolean; isReadOnly: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver, active } = useDroppable({ id: QUOTE_DROP_ZONE, disabled: props.isReadOnly });
  const dragging = active !== null && String(active.id).startsWith(CATALOGUE_DRAG_PREFIX);
  return (
    <div ref={setNodeRef}>
      <Stack
        gap="sm"
        p="sm"
        mih={220}
        component="section"
        aria-label={t('salesQuotes.dropZone.label')}
        data-testid="quote-drop-zone"
        data-over={isOver ? 'true' : undefined}
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-4'})`,
          borderRadius: 8,
          background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        {dragging && (
          <Text size="sm" fw={600} ta="center">
            {t('salesQuotes.dropZone.dropHere')}
          </Text>
        )}
        {props.isEmpty && !dragging && (
          <Stack gap={4} align="center" justify="center" mih={180}>
            <Text fw={600}>{t('salesQuotes.dropZone.emptyTitle')}</Text>
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {props.isReadOnly ? t('salesQuotes.dropZone.emptyReadOnly') : t('salesQuotes.dropZone.emptyHint')}
            </Text>
          </Stack>
        )}
        {props.children}
      </Stack>
    </div>
  );
}
