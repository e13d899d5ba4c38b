import { Button, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ServiceTerms } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useAcceptTerms } from '../api/use-create-account';

/**
 * [A2.41] [A5.11] Terms and conditions of the chosen service: accepted once for the company by a holder of
 * MARKETPLACE_TC_ACCEPT_EXECUTE [A6.18]; the next steps stay closed until they are.
 */
export function StepTerms(props: { terms: ServiceTerms | null; serviceName: string; parentId: number; productName: string }) {
  const { t } = useTranslation();
  const accept = useAcceptTerms();
  const error =
    accept.error instanceof ApiError
      ? (accept.error.fieldErrors[0]?.message ?? accept.error.message)
      : (accept.error?.message ?? null);
  if (!props.terms) return <Text>{t('accountCreate.terms.none', { name: props.serviceName })}</Text>;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-label={props.terms.Title}>
        <Title order={3} size="h5" mb="xs">
          {props.terms.Title}
        </Title>
        <ScrollArea.Autosize mah={260}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {props.terms.Content}
          </Text>
        </ScrollArea.Autosize>
      </Paper>
      {props.terms.Accepted ? (
        <ReadableAlert color="green" role="status" title={t('accountCreate.terms.accepted')} />
      ) : props.terms.CanAccept ? (
        <Button
          onClick={() => accept.mutate({ accountId: props.parentId, productName: props.productName })}
          loading={accept.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('accountCreate.terms.accept')}
        </Button>
      ) : (
        <ReadableAlert color="yellow" role="alert" title={t('accountCreate.terms.cannotAccept')} />
      )}
      {error && (
        <ReadableAlert color="red" role="alert">
          {error}
        </ReadableAlert>
      )}
    </Stack>
  );
}
