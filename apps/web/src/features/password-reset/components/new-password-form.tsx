import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { meetsPasswordRules, passwordValidationState } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../../components/ui/password-rules';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/use-password-reset';

/**
 * [M4.11] enterNewPassword [M3.8]: username (from the link), password with the live rule state [M3.7], and its
 * confirmation. Errors show on blur [M5.1]; Confirm is disabled until the password is valid and Continue while
 * anything fails.
 */
export function NewPasswordForm({
  username,
  token,
  onChanged,
  onAskAgain,
}: {
  username: string;
  token: string;
  onChanged: () => void;
  onAskAgain: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [blurred, setBlurred] = useState({ password: false, confirmation: false });
  const [serverErrors, setServerErrors] = useState<{ Password?: string; Token?: string; other?: string }>({});
  const state = passwordValidationState(password, username);
  const passwordValid = meetsPasswordRules(state);
  const matches = password === confirmation;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passwordValid || !matches) return;
    setServerErrors({});
    reset.mutate(
      { Username: username, Token: token, Password: password, PasswordConfirmation: confirmation },
      {
        onSuccess: onChanged,
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : [];
          const byField = Object.fromEntries(fields.map((f) => [f.field, f.message]));
          setServerErrors({
            Password: byField.Password ?? byField.PasswordConfirmation,
            Token: byField.Token,
            other: fields.length === 0 ? error.message : undefined,
          });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverErrors.Token && (
          <ReadableAlert color="red" role="alert" title={t('passwordReset.linkProblem')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{serverErrors.Token}</Text>
              <Button variant="default" size="xs" onClick={onAskAgain}>
                {t('passwordReset.askAgain')}
              </Button>
            </Stack>
          </ReadableAlert>
        )}
        {serverErrors.other && (
          <ReadableAlert color="red" role="alert">
            {serverErrors.other}
          </ReadableAlert>
        )}
        <TextInput label={t('passwordReset.usernameFromLink')} value={username} readOnly autoComplete="username" />
        <PasswordInput
          label={t('passwordReset.newPassword')}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            setServerErrors((s) => ({ ...s, Password: undefined }));
          }}
          onBlur={() => setBlurred((b) => ({ ...b, password: true }))}
          error={
            (blurred.password && !passwordValid ? t('passwordReset.errPasswordInvalid') : undefined) ?? serverErrors.Password
          }
          aria-describedby="password-rules"
          data-autofocus
        />
        <PasswordRules state={state} id="password-rules" />
        <PasswordInput
          label={t('passwordReset.confirmPassword')}
          autoComplete="new-password"
          required
          disabled={!passwordValid}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          onBlur={() => setBlurred((b) => ({ ...b, confirmation: true }))}
          error={blurred.confirmation && passwordValid && !matches ? t('passwordReset.errPasswordsDontMatch') : undefined}
        />
        <Button type="submit" disabled={!passwordValid || !matches} loading={reset.isPending}>
          {t('passwordReset.continue')}
        </Button>
      </Stack>
    </form>
  );
}
