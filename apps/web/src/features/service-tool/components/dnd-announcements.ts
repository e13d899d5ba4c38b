import type { Announcements } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/** Screen-reader announcements of drag and drop, in the user's language, naming items by `nameOf`. */
export function useDndAnnouncements(nameOf: (id: string) => string): Announcements {
  const { t } = useTranslation();
  return {
    onDragStart: ({ active }) => t('serviceToolFields.dnd.picked', { name: nameOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over ? t('serviceToolFields.dnd.over', { name: nameOf(String(active.id)), target: nameOf(String(over.id)) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('serviceToolFields.dnd.dropped', { name: nameOf(String(active.id)), target: nameOf(String(over.id)) })
        : t('serviceToolFields.dnd.cancelled', { name: nameOf(String(active.id)) }),
    onDragCancel: ({ active }) => t('serviceToolFields.dnd.cancelled', { name: nameOf(String(active.id)) }),
  };
}
