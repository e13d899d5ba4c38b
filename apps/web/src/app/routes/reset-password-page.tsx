import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NewPasswordForm, RequestLinkForm } from '../../features/password-reset';
import { href, paths } from '../paths';

type Step = 'requestResetLink' | 'resetLinkSent' | 'enterNewPassword' | 'passwordChanged';

/**
 * [M2.15], [M4.11] Reset password in steps: request link, link sent, enter new password (when the username and token
 * come in the route [M2.14]), password changed. Returning to sign-in starts over.
 */
export function ResetPasswordPage() {
  const { username, token } = useParams();
  // A new route (e.g. "ask for a new link") starts the steps over.
  return <ResetPasswordSteps key={`${username}/${token}`} username={username} token={token} />;
}

function ResetPasswordSteps({ username, token }: { username: string | undefined; token: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [current, setStep] = useState<Step>(username && token ? 'enterNewPassword' : 'requestResetLink');
  return (
    <Center mih="100vh" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420}>
        <Title order={1} size="h3" mb="md">
          {t(`passwordReset.steps.${current}`)}
        </Title>
        {current === 'requestResetLink' && <RequestLinkForm onSent={() => setStep('resetLinkSent')} />}
        {current === 'resetLinkSent' && (
          <Stack gap="md">
            <Alert color="blue" role="status">
              {t('passwordReset.linkSent')}
            </Alert>
            <Text size="sm">{t('passwordReset.linkSentHint')}</Text>
          </Stack>
        )}
        {current === 'enterNewPassword' && username && token && (
          <NewPasswordForm
            username={username}
            token={token}
            onChanged={() => setStep('passwordChanged')}
            onAskAgain={() => navigate(paths.resetPassword())}
          />
        )}
        {current === 'passwordChanged' && (
          <Stack gap="md">
            <Alert color="teal" role="status">
              {t('passwordReset.changed')}
            </Alert>
            <Button component={Link} to={paths.login(undefined, { passwordChanged: true })} replace>
              {t('passwordReset.backToSignIn')}
            </Button>
          </Stack>
        )}
        {current !== 'passwordChanged' && (
          <Anchor href={href(paths.login())} size="sm" mt="md" display="block">
            {t('passwordReset.backToSignIn')}
          </Anchor>
        )}
      </Paper>
    </Center>
  );
}
