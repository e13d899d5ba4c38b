import { LoadingOverlay, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** [A4.6] Covers a note or the note form while a request runs, and tells screen readers. */
export function SavingOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <LoadingOverlay visible={visible} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-hidden': true }} />
      <VisuallyHidden role="status">{visible ? t('notes.saving') : ''}</VisuallyHidden>
    </>
  );
}
