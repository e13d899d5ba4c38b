import { Button, Group, Notification, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUtcSecond } from '../../../lib/format-time';

/**
 * [S2.12] The sticky notification offering the saved draft: it shows when the draft was added and
 * stays until the user loads or dismisses it [S4.2].
 */
export function DraftNotification(props: {
  added: string;
  onLoad: () => void;
  onDismiss: () => void;
  busy: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Notification
      withCloseButton={false}
      color="blue"
      title={t('serviceDrafts.notice.title')}
      role="region"
      aria-label={t('serviceDrafts.notice.title')}
      style={{ position: 'sticky', top: 0, zIndex: 2 }}
      withBorder
    >
      <Text size="sm" c="var(--mantine-color-text)">
        {t('serviceDrafts.notice.text')} <time dateTime={props.added}>{formatUtcSecond(props.added)}</time>
      </Text>
      {props.error && (
        <Text size="sm" c="red.8" role="alert">
          {props.error}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={props.onLoad} disabled={props.busy}>
          {t('serviceDrafts.notice.load')}
        </Button>
        <Button size="xs" variant="default" onClick={props.onDismiss} loading={props.busy}>
          {t('serviceDrafts.notice.dismiss')}
        </Button>
      </Group>
    </Notification>
  );
}
