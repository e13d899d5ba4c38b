import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/use-current-user';

/** Username and password sign-in; calls onSignedIn after the session cookie is set. */
export function SignInForm({ onSignedIn, notice }: { onSignedIn: () => void; notice?: string | null }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ Username?: string; Password?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(username.trim() ? {} : { Username: 'Enter your username' }),
      ...(password ? {} : { Password: 'Enter your password' }),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    signIn.mutate({ Username: username.trim(), Password: password }, { onSuccess: onSignedIn });
  };

  const error = signIn.error instanceof ApiError ? signIn.error : null;
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {notice && !error && <Alert color="blue">{notice}</Alert>}
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <TextInput
          label={t('auth.username')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={fieldErrors.Username}
          data-autofocus
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.Password}
        />
        <Button type="submit" loading={signIn.isPending}>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
  );
}
