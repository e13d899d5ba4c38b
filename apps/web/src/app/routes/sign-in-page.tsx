import { Anchor, Center, Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { SignInForm, SsoSignIn, useCurrentUser } from '../../features/auth';
import { href, paths } from '../paths';

/** Only in-app targets are followed after sign-in. */
function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.home();
}

/**
 * onFirstInput: called as the user starts on the form (a key, the pointer), to fetch the likely next page's code; repeat
 * calls are cheap. Not on focus: the user name field takes the focus by itself when the page opens.
 */
export function SignInPage({ onFirstInput }: { onFirstInput?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const target = safeRedirect(params.get('redirect'));
  if (user.isPending) return <Loader aria-label={t('app.loading')} m="xl" />;
  if (user.data) return <Navigate to={target} replace />;
  return (
    <Center mih="100vh" bg="gray.0" component="main">
      <Paper
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w={380}
        onKeyDownCapture={onFirstInput}
        onPointerDownCapture={onFirstInput}
      >
        <Title order={1} size="h3" mb={4}>
          {t('app.name')}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {t('auth.subtitle')}
        </Text>
        <Title order={2} size="h4" mb="md">
          {t('auth.title')}
        </Title>
        <SignInForm
          onSignedIn={() => navigate(target, { replace: true })}
          notice={
            params.get('expired')
              ? t('auth.sessionExpired')
              : params.get('passwordChanged')
                ? t('passwordReset.signInWithNew')
                : null
          }
        />
        <Anchor href={href(paths.resetPassword())} size="sm" mt="md" display="block">
          {t('passwordReset.forgotLink')}
        </Anchor>
        <SsoSignIn redirect={target === paths.home() ? null : target} error={params.get('ssoError')} />
      </Paper>
    </Center>
  );
}
