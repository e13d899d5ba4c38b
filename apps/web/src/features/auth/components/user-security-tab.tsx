import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { MfaEnrolment, UserSecurity, UserSession } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatUtcMinute } from '../../../lib/format-time';
import { notify } from '../../../lib/notify';
import {
  useChangePassword,
  useConfirmMfaEnrolment,
  useDisableMfa,
  useRevokeSession,
  useStartMfaEnrolment,
  useUserSecurity,
  useUserSessions,
} from '../api/use-security';
import { MfaEnrolmentPanel } from './mfa-enrolment-panel';
import { RecoveryCodes } from './recovery-codes';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fieldErrors.find((e) => e.field === field)?.message : undefined;

/** [A2.5], [A2.20] User security tab: the second sign-in step, the password and the sessions of a user. */
export function UserSecurityTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const query = useUserSecurity(accountId);
  if (query.isError) return <Alert color="red">{query.error.message}</Alert>;
  if (!query.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  const data = query.data;
  return (
    <Stack gap="xl" maw={900}>
      <MfaSection data={data} />
      {data.IsSelf && <PasswordSection data={data} />}
      <SessionsSection accountId={accountId} canRevoke={data.IsSelf || data.CanManage} />
    </Stack>
  );
}

function MfaSection({ data }: { data: UserSecurity }) {
  const { t } = useTranslation();
  const start = useStartMfaEnrolment();
  const confirm = useConfirmMfaEnrolment(data.AccountId);
  const disable = useDisableMfa(data.AccountId);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [removeCode, setRemoveCode] = useState('');

  const handleConfirm = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: (result) => {
        setEnrolment(null);
        setCode('');
        setCodes(result.RecoveryCodes);
        notify({ color: 'green', message: t('access.mfa.enabled') });
      },
    });
  };
  const handleRemove = () =>
    disable.mutate(data.IsSelf ? removeCode.trim() : undefined, {
      onSuccess: () => {
        setIsRemoving(false);
        setRemoveCode('');
        notify({ color: 'green', message: data.IsSelf ? t('access.mfa.removed') : t('access.mfa.reset') });
      },
    });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('access.mfa.title')}
      </Title>
      <Group gap="sm">
        <Text fw={700} size="sm" data-testid="mfa-status">
          {data.Mfa.Enabled ? t('access.mfa.statusOn') : t('access.mfa.statusOff')}
        </Text>
        {data.Mfa.Enabled && data.Mfa.EnrolledAt && (
          <Text size="sm" c="dimmed">
            {t('access.mfa.since', { date: formatUtcMinute(data.Mfa.EnrolledAt), left: data.Mfa.RecoveryCodesLeft })}
          </Text>
        )}
        {!data.Mfa.Enabled && data.Policy.MfaRequired && (
          <Text size="sm" c="dimmed">
            {t('access.mfa.requiredByPolicy')}
          </Text>
        )}
      </Group>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {data.IsSelf && !data.Mfa.Enabled && !enrolment && (
        <Group>
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onSuccess: setEnrolment, onError: (e) => notify({ color: 'red', message: e.message }) })
            }
          >
            {t('access.mfa.setUp')}
          </Button>
        </Group>
      )}
      {enrolment && (
        <Paper withBorder p="md" maw={460}>
          <form onSubmit={handleConfirm} noValidate>
            <Stack gap="sm">
              <MfaEnrolmentPanel
                enrolment={enrolment}
                code={code}
                onCodeChange={setCode}
                error={fieldError(confirm.error, 'Code')}
              />
              {confirm.isError && !fieldError(confirm.error, 'Code') && <Alert color="red">{confirm.error.message}</Alert>}
              <Group>
                <Button type="submit" loading={confirm.isPending}>
                  {t('access.mfa.confirm')}
                </Button>
                <Button variant="default" onClick={() => setEnrolment(null)}>
                  {t('access.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      {data.Mfa.Enabled && (data.IsSelf || data.CanManage) && (
        <Group>
          <Button variant="outline" color="red.9" onClick={() => setIsRemoving(true)}>
            {data.IsSelf ? t('access.mfa.remove') : t('access.mfa.resetAction')}
          </Button>
        </Group>
      )}
      <Modal
        opened={isRemoving}
        onClose={() => setIsRemoving(false)}
        title={data.IsSelf ? t('access.mfa.remove') : t('access.mfa.resetAction')}
        centered
        closeButtonProps={{ 'aria-label': t('access.close') }}
      >
        <Stack>
          <Text size="sm">{data.IsSelf ? t('access.mfa.removeText') : t('access.mfa.resetText')}</Text>
          {data.IsSelf && (
            <TextInput
              label={t('access.mfa.codeOrRecovery')}
              value={removeCode}
              onChange={(e) => setRemoveCode(e.currentTarget.value)}
              error={fieldError(disable.error, 'Code')}
              autoComplete="one-time-code"
            />
          )}
          {disable.isError && !fieldError(disable.error, 'Code') && <Alert color="red">{disable.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsRemoving(false)}>
              {t('access.cancel')}
            </Button>
            <Button color="red" loading={disable.isPending} onClick={handleRemove}>
              {data.IsSelf ? t('access.mfa.remove') : t('access.mfa.resetAction')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function PasswordSection({ data }: { data: UserSecurity }) {
  const { t } = useTranslation();
  const change = useChangePassword(data.AccountId);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | undefined>();
  const classes = data.Policy.RequiredClasses.map((c) => t(`access.security.class.${c}`).toLowerCase());

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      setMismatch(t('access.password.mismatch'));
      return;
    }
    setMismatch(undefined);
    change.mutate(
      { CurrentPassword: current, NewPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          notify({ color: 'green', message: t('access.password.changed') });
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('access.password.title')}
      </Title>
      <Text size="sm" c="dimmed" data-testid="password-policy">
        {t('access.password.policy', { length: data.Policy.MinLength })}
        {classes.length > 0 && ` ${t('access.password.classes', { classes: classes.join(', ') })}`}
        {data.PasswordExpiresAt && ` ${t('access.password.expires', { date: formatUtcMinute(data.PasswordExpiresAt) })}`}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={360}>
          <PasswordInput
            label={t('access.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={fieldError(change.error, 'CurrentPassword')}
          />
          <PasswordInput
            label={t('access.password.new')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={fieldError(change.error, 'NewPassword')}
          />
          <PasswordInput
            label={t('access.password.confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={mismatch}
          />
          {change.isError && !fieldError(change.error, 'CurrentPassword') && !fieldError(change.error, 'NewPassword') && (
            <Alert color="red">{change.error.message}</Alert>
          )}
          <Group>
            <Button type="submit" loading={change.isPending} disabled={!current || !next || !confirm}>
              {t('access.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function SessionsSection({ accountId, canRevoke }: { accountId: number; canRevoke: boolean }) {
  const { t } = useTranslation();
  const query = useUserSessions(accountId);
  const revoke = useRevokeSession(accountId);
  const [pending, setPending] = useState<UserSession | null>(null);
  const handleRevoke = () =>
    pending &&
    revoke.mutate(pending.Id, {
      onSuccess: () => notify({ color: 'green', message: t('access.sessions.revoked') }),
      onError: (error) => notify({ color: 'red', message: error.message }),
      onSettled: () => setPending(null),
    });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('access.sessions.title')}
      </Title>
      {query.isError && <Alert color="red">{query.error.message}</Alert>}
      {!query.data ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : query.data.Items.length === 0 ? (
        <Text c="dimmed">{t('access.sessions.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped aria-label={t('access.sessions.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('access.sessions.started')}</Table.Th>
                <Table.Th>{t('access.sessions.lastSeen')}</Table.Th>
                <Table.Th>{t('access.sessions.expires')}</Table.Th>
                <Table.Th>{t('access.sessions.from')}</Table.Th>
                <Table.Th>{t('access.sessions.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.Items.map((s) => (
                <Table.Tr key={s.Id}>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatUtcMinute(s.CreatedAt)}
                    </Text>
                    {s.IsCurrent && (
                      <Badge size="sm" variant="filled">
                        {t('access.sessions.current')}
                      </Badge>
                    )}
                    {s.Impersonator && (
                      <Text size="xs" c="orange.9">
                        {t('access.sessions.impersonatedBy', { name: s.Impersonator.DisplayName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcMinute(s.LastSeenAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcMinute(s.ExpiresAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.Ip ?? '—'}</Text>
                    <Text size="xs" c="dimmed" lineClamp={1} title={s.UserAgent ?? ''}>
                      {s.UserAgent ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canRevoke && !s.IsCurrent && (
                      <Button size="xs" variant="outline" color="red.9" onClick={() => setPending(s)}>
                        {t('access.sessions.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('access.sessions.revokeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('access.close') }}
      >
        <Text size="sm" mb="lg">
          {t('access.sessions.revokeText', { date: pending ? formatUtcMinute(pending.CreatedAt) : '' })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)}>
            {t('access.cancel')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={handleRevoke}>
            {t('access.sessions.revoke')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
