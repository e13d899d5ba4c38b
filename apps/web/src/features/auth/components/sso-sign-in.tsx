import { Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useStartSsoSignIn } from '../api/use-sso';

/**
 * "Sign in with single sign-on": the user names themselves, the server finds the identity provider of their company
 * or reseller, and the browser goes there. `redirect` is where to land after the sign-in.
 */
export function SsoSignIn({ redirect, error }: { redirect: string | null; error?: string | null }) {
  const { t } = useTranslation();
  const start = useStartSsoSignIn();
  const [isOpen, setIsOpen] = useState(Boolean(error));
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(error ? t('sso.signIn.providerError', { reason: error }) : null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!username.trim()) {
      setFieldError(t('sso.signIn.enterUsername'));
      return;
    }
    setFieldError(null);
    start.mutate(
      { Username: username.trim(), ...(redirect ? { Redirect: redirect } : {}) },
      {
        onSuccess: (result) => window.location.assign(result.AuthorizationUrl),
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === 'Username')?.message : undefined;
          if (field && e instanceof ApiError && e.status === 422) setFieldError(field);
          else setMessage(e.message);
        },
      },
    );
  };

  return (
    <Stack gap="sm" mt="md">
      <Divider label={t('sso.signIn.or')} labelPosition="center" />
      {!isOpen && (
        <Button variant="default" onClick={() => setIsOpen(true)}>
          {t('sso.signIn.button')}
        </Button>
      )}
      {isOpen && (
        <form onSubmit={handleSubmit} noValidate aria-label={t('sso.signIn.formLabel')}>
          <Stack gap="sm">
            {message && (
              <ReadableAlert color="red" role="alert">
                {message}
              </ReadableAlert>
            )}
            <TextInput
              label={t('sso.signIn.username')}
              description={t('sso.signIn.usernameHelp')}
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={fieldError}
              autoFocus
            />
            <Group grow>
              <Button type="submit" loading={start.isPending || start.isSuccess}>
                {t('sso.signIn.continue')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setIsOpen(false);
                  setMessage(null);
                  setFieldError(null);
                }}
              >
                {t('sso.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
