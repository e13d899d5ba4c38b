import { Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { meetsPasswordRules, passwordValidationState } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../../components/ui/password-rules';
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [blurred, setBlurred] = useState({ password: false, confirmation: false });
  const [serverErrors, setServerErrors] = useState<{ NewPassword?: string; other?: string }>({});
  const state = passwordValidationState(password, props.username);
  const passwordValid = meetsPasswordRules(state);
  const matches = password === confirmation;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passwordValid || !matches) {
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
            <PasswordInput
              label={t('accountPassword.gate.newPassword')}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setServerErrors((s) => ({ ...s, NewPassword: undefined }));
              }}
              onBlur={() => setBlurred((b) => ({ ...b, password: true }))}
              error={
                (blurred.password && !passwordValid ? t('accountPassword.errPasswordInvalid') : undefined) ??
                serverErrors.NewPassword
              }
              aria-describedby="initial-password-rules"
              data-autofocus
            />
            <PasswordRules state={state} id="initial-password-rules" />
            <PasswordInput
              label={t('accountPassword.gate.confirmPassword')}
              autoComplete="new-password"
              required
              disabled={!passwordValid}
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              onBlur={() => setBlurred((b) => ({ ...b, confirmation: true }))}
              error={blurred.confirmation && passwordValid && !matches ? t('accountPassword.errPasswordsDontMatch') : undefined}
            />
            <Group justify="space-between">
              <Button variant="default" onClick={props.onSignOut} loading={props.isSigningOut}>
                {t('accountPassword.gate.signOut')}
              </Button>
              <Button type="submit" disabled={!passwordValid || !matches} loading={change.isPending}>
                {t('accountPassword.gate.continue')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
