import { Alert, Anchor, Center, Loader, Paper, Text, Title } from '@mantine/core';
import { DEFAULT_REDIRECT_PREFIXES, decideRedirect, REDIRECT_DELAY_MS } from '@portal/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useClientSettings } from '../../features/auth';
import { href, paths } from '../paths';

/**
 * [M2.13] #/Redirect/{target}: shows 'Redirecting to ...' and goes there after 2 s [M9.4] when the target starts
 * with an allowed prefix [M5.10]; otherwise the error 'Redirect route ... is not allowed' [M8.7].
 */
export function RedirectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const settings = useClientSettings(null);
  const target = decodeURIComponent(location.pathname.replace(/^\/Redirect\//, '')) + location.search;
  const prefixes = settings.data?.RedirectPrefixes ?? (settings.isError ? DEFAULT_REDIRECT_PREFIXES : null);
  const decision = useMemo(() => (prefixes ? decideRedirect({ target, prefixes }) : null), [prefixes, target]);

  useEffect(() => {
    if (decision?.kind !== 'allow') return;
    const timer = window.setTimeout(() => window.location.assign(decision.url), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [decision]);

  return (
    <Center mih="100vh" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={520}>
        <Title order={1} size="h3" mb="md">
          {t('access.redirect.title')}
        </Title>
        {!decision ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : decision.kind === 'allow' ? (
          <Text role="status" data-testid="redirect-text">
            {t('access.redirect.redirecting', { target })}
          </Text>
        ) : (
          <Alert color="red" role="alert">
            <Text size="sm" fw={700}>
              {t('access.redirect.notAllowedTitle')}
            </Text>
            <Text size="sm" mb="sm">
              {decision.message}
            </Text>
            <Anchor href={href(paths.home())} c="blue.9">
              {t('access.redirect.goHome')}
            </Anchor>
          </Alert>
        )}
      </Paper>
    </Center>
  );
}
