import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useCompleteSsoSignIn } from '../api/use-sso';

/**
 * [M2.14] #/sso-auth/{code}/{state}: hands the identity provider's answer to the server once (an answer works once),
 * then calls onSignedIn with where the user was going; a refusal is shown with the way back to sign-in.
 */
export function SsoCompletion(props: {
  code: string;
  state: string;
  iss: string | null;
  loginHref: string;
  onSignedIn: (redirect: string | null) => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteSsoSignIn();
  const sent = useRef(false);
  const { code, state, iss, onSignedIn } = props;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    complete.mutate(
      { Code: code, State: state, ...(iss ? { Iss: iss } : {}) },
      { onSuccess: (result) => onSignedIn(result.Redirect) },
    );
  }, [complete, code, state, iss, onSignedIn]);

  if (complete.isError)
    return (
      <Stack>
        <ReadableAlert color="red" role="alert" title={t('sso.completion.failed')}>
          {complete.error.message}
        </ReadableAlert>
        <Anchor href={props.loginHref}>{t('sso.completion.backToSignIn')}</Anchor>
      </Stack>
    );
  return (
    <Stack align="center" role="status" aria-live="polite">
      <Loader aria-hidden />
      <Text>{t('sso.completion.working')}</Text>
    </Stack>
  );
}
