import { Badge, Group, Stack, Tabs, Text } from '@mantine/core';
import type { OrderTerms } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useAcceptMarketplaceTerms } from '../api/use-ordering';
import { isTermsAccepted, linkedServices, nextUnacceptedTerms } from '../utils/ordering-steps';
import { errorMessage, TermsPanel } from './step-terms';

/**
 * [M2.47] [M4.22] Step 3: the terms of each service of the order (the service and its dependency), one tab each.
 * ACCEPT accepts the latest revision for the customer, together with the services of its linked group; then
 * 'You have accepted these Terms and Conditions' and the next unaccepted service is selected.
 */
export function OrderStepTerms(props: {
  customerId: number;
  serviceName: string;
  terms: readonly OrderTerms[];
  canAccept: boolean;
  selected: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation();
  const accept = useAcceptMarketplaceTerms(props.customerId, props.serviceName);
  if (props.terms.length === 0) return <Text>{t('ordering.terms.none')}</Text>;
  const index = Math.min(props.selected, props.terms.length - 1);
  const current = props.terms[index];
  const handleAccept = () => {
    if (!current) return;
    accept.mutate(
      { accountId: props.customerId, serviceName: current.ServiceName },
      {
        onSuccess: (result) => {
          const names = new Set(result.Accepted.map((a) => a.ServiceName));
          const after = props.terms.map((term) =>
            names.has(term.ServiceName) ? { ...term, AcceptedRevision: term.LatestRevision } : term,
          );
          const next = nextUnacceptedTerms(after, index);
          if (next >= 0) props.onSelect(next);
        },
      },
    );
  };
  return (
    <Tabs value={String(index)} onChange={(value) => value !== null && props.onSelect(Number(value))} keepMounted={false}>
      <Tabs.List aria-label={t('ordering.terms.services')}>
        {props.terms.map((term, i) => (
          <Tabs.Tab
            key={term.ServiceName}
            value={String(i)}
            rightSection={
              isTermsAccepted(term) ? (
                <Badge size="xs" color="green" c="green.9" variant="light">
                  {t('ordering.terms.acceptedBadge')}
                </Badge>
              ) : null
            }
          >
            {term.ServiceDisplayName}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {current && (
        <Tabs.Panel value={String(index)} pt="md">
          <Stack>
            <TermsPanel
              title={current.Title || t('ordering.terms.title', { service: current.ServiceDisplayName })}
              content={current.Content}
              accepted={isTermsAccepted(current)}
              canAccept={props.canAccept}
              isAccepting={accept.isPending}
              onAccept={handleAccept}
              error={errorMessage(accept.error)}
              acceptedText={t('ordering.terms.accepted')}
              acceptLabel={t('ordering.terms.accept')}
              note={
                <>
                  {current.AcceptedRevision !== null && !isTermsAccepted(current) && (
                    <Text size="sm" c="dimmed">
                      {t('ordering.terms.newRevision')}
                    </Text>
                  )}
                  {linkedServices(props.terms, current.ServiceName).length > 0 && (
                    <Group gap={4}>
                      <Text size="sm" c="dimmed">
                        {t('ordering.terms.linked', {
                          services: linkedServices(props.terms, current.ServiceName)
                            .map((s) => s.ServiceDisplayName)
                            .join(', '),
                        })}
                      </Text>
                    </Group>
                  )}
                </>
              }
            />
          </Stack>
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
