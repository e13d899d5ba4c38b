import { Button, Stack, Text, TextInput } from '@mantine/core';
import { RESET_USERNAME_PATTERN } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../api/use-password-reset';

const validUsername = (value: string) => value.trim().length <= 200 && RESET_USERNAME_PATTERN.test(value.trim());

/**
 * [M4.11] requestResetLink: the username (or e-mail address) [M5.2]. Whatever the server answers, even an error,
 * the next step is "link sent", so the screen never tells whether the account exists [M8.10].
 */
export function RequestLinkForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [username, setUsername] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = validUsername(username);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    request.mutate(username.trim(), { onSettled: onSent });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('passwordReset.requestIntro')}</Text>
        <TextInput
          label={t('passwordReset.username')}
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && !valid ? t('passwordReset.errUsernameInvalid') : undefined}
          data-autofocus
        />
        <Button type="submit" disabled={!valid} loading={request.isPending}>
          {t('passwordReset.sendLink')}
        </Button>
      </Stack>
    </form>
  );
}
