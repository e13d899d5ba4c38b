import { Button, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ServiceTerms } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useAcceptTerms } from '../api/use-create-account';

/** The message of a failed call, as the wizards show it. */
export function errorMessage(error: Error | null): string | null {
  return error instanceof ApiError ? (error.fieldErrors[0]?.message ?? error.message) : (error?.message ?? null);
}

/**
 * One service's terms and conditions with the way to accept them: the text, then the accepted message, the
 * accept button (for a holder of MARKETPLACE_TC_ACCEPT_EXECUTE [A6.18]) or why it cannot be accepted here. Both
 * wizards draw their terms with it.
 */
export function TermsPanel(props: {
  title: string;
  content: string;
  accepted: boolean;
  canAccept: boolean;
  isAccepting: boolean;
  onAccept: () => void;
  error: string | null;
  acceptedText?: string;
  acceptLabel?: string;
  /** Shown between the text and the button (which other services an acceptance covers). */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-label={props.title}>
        <Title order={3} size="h5" mb="xs">
          {props.title}
        </Title>
        <ScrollArea.Autosize mah={260}>
          <MarkdownText text={props.content} />
        </ScrollArea.Autosize>
      </Paper>
      {props.note}
      {props.accepted ? (
        <ReadableAlert color="green" role="status" title={props.acceptedText ?? t('accountCreate.terms.accepted')} />
      ) : props.canAccept ? (
        <Button onClick={props.onAccept} loading={props.isAccepting} style={{ alignSelf: 'flex-start' }}>
          {props.acceptLabel ?? t('accountCreate.terms.accept')}
        </Button>
      ) : (
        <ReadableAlert color="yellow" role="alert" title={t('accountCreate.terms.cannotAccept')} />
      )}
      {props.error && (
        <ReadableAlert color="red" role="alert">
          {props.error}
        </ReadableAlert>
      )}
    </Stack>
  );
}

/**
 * [A2.41] [A5.11] Terms and conditions of the chosen service: accepted once for the company by a holder of
 * MARKETPLACE_TC_ACCEPT_EXECUTE [A6.18]; the next steps stay closed until they are.
 */
export function StepTerms(props: { terms: ServiceTerms | null; serviceName: string; parentId: number; productName: string }) {
  const { t } = useTranslation();
  const accept = useAcceptTerms();
  if (!props.terms) return <Text>{t('accountCreate.terms.none', { name: props.serviceName })}</Text>;
  return (
    <TermsPanel
      title={props.terms.Title}
      content={props.terms.Content}
      accepted={props.terms.Accepted}
      canAccept={props.terms.CanAccept}
      isAccepting={accept.isPending}
      onAccept={() => accept.mutate({ accountId: props.parentId, productName: props.productName })}
      error={errorMessage(accept.error)}
    />
  );
}
