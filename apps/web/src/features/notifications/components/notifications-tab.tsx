import { Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_GROUPS, type NotificationKind, type UserNotifications } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveUserNotifications, useUserNotifications } from '../api/use-user-notifications';

export interface NotificationsTabProps {
  accountId: number;
  /** The user's display name, for the intro. */
  userName: string;
}

/**
 * [A2.17] The Notifications tab of a user (decision 0053): the e-mails the user receives, grouped, each a switch;
 * the security e-mails are always sent and shown switched on and disabled with the reason. Save, Undo changes.
 */
export function NotificationsTab({ accountId, userName }: NotificationsTabProps) {
  const { t } = useTranslation();
  const query = useUserNotifications(accountId);
  if (query.isError && !query.data)
    return (
      <Alert color="red" title={t('notifications.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('notifications.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  // A save (here or elsewhere) that changes the choices opens the form afresh.
  const key = query.data.Items.map((i) => `${i.Kind}:${i.Enabled}`).join(',');
  return <ChoicesForm key={key} accountId={accountId} userName={userName} data={query.data} />;
}

function ChoicesForm({ accountId, userName, data }: { accountId: number; userName: string; data: UserNotifications }) {
  const { t } = useTranslation();
  const save = useSaveUserNotifications(accountId);
  const saved = Object.fromEntries(data.Items.map((i) => [i.Kind, i.Enabled])) as Record<NotificationKind, boolean>;
  const [choices, setChoices] = useState(saved);
  const changed = data.Items.filter((i) => i.Switchable && choices[i.Kind] !== saved[i.Kind]);
  const readOnly = !data.CanUpdate;
  const saveError =
    save.error instanceof ApiError && save.error.fieldErrors.length > 0
      ? save.error.fieldErrors.map((e) => e.message).join(' ')
      : (save.error?.message ?? null);

  const handleSave = () =>
    save.mutate(
      changed.map((i) => ({ Kind: i.Kind, Enabled: choices[i.Kind] })),
      { onSuccess: () => notify({ color: 'green', message: t('notifications.saved') }) },
    );

  if (data.Items.length === 0) return <Text c="dimmed">{t('notifications.empty')}</Text>;
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('notifications.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(readOnly ? 'notifications.introReadOnly' : 'notifications.intro', { name: userName })}
        </Text>
      </Stack>
      {readOnly && (
        <Alert color="blue" role="status">
          {t('notifications.readOnly')}
        </Alert>
      )}
      {NOTIFICATION_GROUPS.map((group) => {
        const items = data.Items.filter((i) => i.Group === group);
        if (items.length === 0) return null;
        const headingId = `notifications-group-${group}`;
        return (
          <Card key={group} withBorder padding="md" component="section" aria-labelledby={headingId}>
            <Stack gap="md">
              <Title order={3} size="h5" id={headingId}>
                {t(`notifications.groups.${group}`)}
              </Title>
              {items.map((item) => (
                <Group key={item.Kind} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Switch
                    label={t(`notifications.kinds.${item.Kind}.label`)}
                    description={
                      item.Switchable
                        ? t(`notifications.kinds.${item.Kind}.description`)
                        : t('notifications.fixedReason', { reason: t(`notifications.kinds.${item.Kind}.fixedReason`) })
                    }
                    checked={item.Switchable ? choices[item.Kind] : true}
                    disabled={!item.Switchable || readOnly || save.isPending}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setChoices((c) => ({ ...c, [item.Kind]: on }));
                    }}
                  />
                  {/* A disabled switch hardly shows whether it is on: the state in words where it cannot be changed. */}
                  {(!item.Switchable || readOnly) && (
                    <Badge
                      variant="light"
                      color={item.Switchable && !choices[item.Kind] ? 'yellow' : 'gray'}
                      c="var(--mantine-color-text)"
                      style={{ flexShrink: 0 }}
                    >
                      {!item.Switchable
                        ? t('notifications.alwaysSent')
                        : choices[item.Kind]
                          ? t('notifications.on')
                          : t('notifications.off')}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </Card>
        );
      })}
      {saveError && (
        <Alert color="red" title={t('notifications.saveFailed')}>
          {saveError}
        </Alert>
      )}
      {!readOnly && (
        <Group>
          <Button onClick={handleSave} disabled={changed.length === 0} loading={save.isPending}>
            {t('notifications.save')}
          </Button>
          <Button
            variant="default"
            disabled={changed.length === 0 || save.isPending}
            onClick={() => {
              setChoices(saved);
              save.reset();
            }}
          >
            {t('notifications.undo')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
