import { Center, Paper, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SsoCompletion } from '../../features/auth';
import { href, paths } from '../paths';

/** Only in-app targets are followed after sign-in. */
function safeTarget(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.home();
}

/** [M2.14] #/sso-auth/{code}/{state}: finishes a single sign-on and lands where the user was going. */
export function SsoAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code = '', state = '' } = useParams();
  const [params] = useSearchParams();
  const handleSignedIn = useCallback((redirect: string | null) => navigate(safeTarget(redirect), { replace: true }), [navigate]);
  return (
    <Center mih="100vh" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420}>
        <Title order={1} size="h3" mb="lg">
          {t('sso.completion.title')}
        </Title>
        <SsoCompletion
          code={code}
          state={state}
          iss={params.get('iss')}
          loginHref={href(paths.login())}
          onSignedIn={handleSignedIn}
        />
      </Paper>
    </Center>
  );
}
