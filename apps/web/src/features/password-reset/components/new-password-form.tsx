import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NewPassword, NewPasswordFields, newPasswordReady } from '../../../components/ui/new-password-fields';
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
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [blurred, setBlurred] = useState({ password: false, confirmation: false });
  const [serverErrors, setServerErrors] = useState<{ Password?: string; Token?: string; other?: string }>({});
  const ready = newPasswordReady(value, username);
  const { password, confirmation } = value;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
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
        <NewPasswordFields
          value={value}
          onChange={(next) => {
            if (next.password !== value.password) setServerErrors((e) => ({ ...e, Password: undefined }));
            setValue(next);
          }}
          username={username}
          touched={blurred}
          onTouched={(field) => setBlurred((b) => ({ ...b, [field]: true }))}
          labels={{
            password: t('passwordReset.newPassword'),
            confirmation: t('passwordReset.confirmPassword'),
            invalid: t('passwordReset.errPasswordInvalid'),
            mismatch: t('passwordReset.errPasswordsDontMatch'),
          }}
          serverError={serverErrors.Password}
          rulesId="password-rules"
        />
        <Button type="submit" disabled={!ready} loading={reset.isPending}>
          {t('passwordReset.continue')}
        </Button>
      </Stack>
    </form>
  );
}
