import { Button, Center, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewPassword, NewPasswordFields, newPasswordReady } from '../../../components/ui/new-password-fields';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useChangeInitialPassword } from '../api/use-initial-password';

/**
 * Decision 0010: after signing in with a first-time password, the user chooses a new one before anything else.
 * The [M5.1] rules tick live [M3.7]; errors show on blur; Confirm is disabled until the password is valid and
 * Continue while anything fails. Sign out is the only other way out (the server refuses everything else).
 */
export function InitialPasswordGate(props: { username: string; onSignOut: () => void; isSigningOut: boolean }) {
  const { t } = useTranslation();
  const change = useChangeInitialPassword();
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [blurred, setBlurred] = useState({ password: false, confirmation: false });
  const [serverErrors, setServerErrors] = useState<{ NewPassword?: string; other?: string }>({});
  const ready = newPasswordReady(value, props.username);
  const { password, confirmation } = value;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) {
      setBlurred({ password: true, confirmation: true });
      return;
    }
    setServerErrors({});
    change.mutate(
      { NewPassword: password, PasswordConfirmation: confirmation },
      {
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          const byField = Object.fromEntries(fields.map((f) => [f.field, f.message]));
          setServerErrors({
            NewPassword: byField.NewPassword ?? byField.PasswordConfirmation,
            other: fields.length === 0 ? error.message : undefined,
          });
        },
      },
    );
  };

  return (
    <Center mih="100vh" bg="gray.0" component="main" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('accountPassword.gate.title')}
            </Title>
            <Text size="sm">{t('accountPassword.gate.intro')}</Text>
            {serverErrors.other && (
              <ReadableAlert color="red" role="alert">
                {serverErrors.other}
              </ReadableAlert>
            )}
            <TextInput label={t('accountPassword.gate.username')} value={props.username} readOnly autoComplete="username" />
            <NewPasswordFields
              value={value}
              onChange={(next) => {
                if (next.password !== value.password) setServerErrors((e) => ({ ...e, NewPassword: undefined }));
                setValue(next);
              }}
              username={props.username}
              touched={blurred}
              onTouched={(field) => setBlurred((b) => ({ ...b, [field]: true }))}
              labels={{
                password: t('accountPassword.gate.newPassword'),
                confirmation: t('accountPassword.gate.confirmPassword'),
                invalid: t('accountPassword.errPasswordInvalid'),
                mismatch: t('accountPassword.errPasswordsDontMatch'),
              }}
              serverError={serverErrors.NewPassword}
              rulesId="initial-password-rules"
            />
            <Group justify="space-between">
              <Button variant="default" onClick={props.onSignOut} loading={props.isSigningOut}>
                {t('accountPassword.gate.signOut')}
              </Button>
              <Button type="submit" disabled={!ready} loading={change.isPending}>
                {t('accountPassword.gate.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
