import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUtcMinute } from '../../lib/format-time';
import { ReadableAlert } from './readable-alert';

export interface VersionConflictAlertProps {
  /** Who saved the newer version, when the record keeps it. */
  changedBy: string | null;
  /** When (ISO 8601 UTC). */
  changedAt: string | null;
  /** Show the saved values instead of mine. */
  onReload: () => void;
  /** Save my values over the saved version. */
  onKeep: () => void;
  busy?: boolean;
  /** A heading for records only their own user edits (a draft saved from another window); "someone else" otherwise. */
  title?: string;
}

/**
 * Decision 0036: the message a screen shows when its save met a newer version of the record. It says who changed it
 * and when, and offers both ways on: reload their values, or keep mine (saved again over the new version).
 */
export function VersionConflictAlert(props: VersionConflictAlertProps) {
  const { t } = useTranslation();
  const when = props.changedAt ? formatUtcMinute(props.changedAt) : null;
  const text =
    props.changedBy && when
      ? t('conflict.textByAt', { name: props.changedBy, when })
      : props.changedBy
        ? t('conflict.textBy', { name: props.changedBy })
        : when
          ? t('conflict.textAt', { when })
          : t('conflict.text');
  return (
    <ReadableAlert color="yellow" role="alert" title={props.title ?? t('conflict.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Text size="sm">{t('conflict.choose')}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={props.onReload} disabled={props.busy}>
            {t('conflict.reload')}
          </Button>
          <Button size="xs" onClick={props.onKeep} loading={props.busy}>
            {t('conflict.keep')}
          </Button>
        </Group>
      </Stack>
    </ReadableAlert>
  );
}
