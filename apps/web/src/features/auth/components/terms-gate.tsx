import { Alert, Badge, Button, Center, Checkbox, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Term } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmTerms } from '../api/use-access';

/**
 * [M2.16], [M4.12] Terms acceptance after sign-in: one term at a time with a scrollable body, a hint until it is
 * scrolled to the end, an agree checkbox that enables OK, and Decline (which signs out).
 */
export function TermsGate(props: { terms: Term[]; onDecline: () => void; isDeclining: boolean }) {
  const [accepted, setAccepted] = useState(0);
  const term = props.terms[0];
  if (!term) return null;
  // Keyed by the term: the next one starts unticked and unread.
  return (
    <TermScreen
      key={term.Id}
      term={term}
      position={accepted + 1}
      total={accepted + props.terms.length}
      onAccepted={() => setAccepted((n) => n + 1)}
      onDecline={props.onDecline}
      isDeclining={props.isDeclining}
    />
  );
}

function TermScreen(props: {
  term: Term;
  position: number;
  total: number;
  onAccepted: () => void;
  onDecline: () => void;
  isDeclining: boolean;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTerms();
  const { term } = props;
  const [agreed, setAgreed] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);

  // A short text that needs no scrolling counts as read.
  useEffect(() => {
    const el = viewport.current;
    setAtEnd(!el || el.scrollHeight <= el.clientHeight + 4);
  }, []);

  const handleScroll = () => {
    const el = viewport.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setAtEnd(true);
  };
  const handleAccept = () => confirm.mutate({ termId: term.Id, termName: term.Name }, { onSuccess: props.onAccepted });

  return (
    <Center mih="100vh" bg="gray.0" component="main" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={1070} miw={320}>
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('access.terms.title')}
            </Text>
            <Badge variant="filled" data-testid="terms-progress">
              {t('access.terms.progress', { current: props.position, total: props.total })}
            </Badge>
          </Group>
          <Title order={1} size="h2">
            {term.Name}
          </Title>
          <Text size="sm">{term.IsPrivacyPolicy ? t('access.terms.headingPrivacy') : t('access.terms.heading')}</Text>
          <ScrollArea.Autosize
            mah={360}
            viewportRef={viewport}
            onScrollPositionChange={handleScroll}
            type="auto"
            offsetScrollbars
            viewportProps={{ tabIndex: 0, 'aria-label': t('access.terms.bodyLabel', { name: term.Name }) }}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="terms-body">
              {term.TermsText}
            </Text>
          </ScrollArea.Autosize>
          {!atEnd && (
            <Text size="sm" c="blue.9" role="status" data-testid="scroll-hint">
              {t('access.terms.scrollHint')}
            </Text>
          )}
          {confirm.isError && (
            <Alert color="red" role="alert">
              {confirm.error.message}
            </Alert>
          )}
          <Checkbox
            label={t('access.terms.agree', { name: term.Name })}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onDecline} loading={props.isDeclining}>
              {t('access.terms.decline')}
            </Button>
            <Button onClick={handleAccept} disabled={!agreed} loading={confirm.isPending}>
              {t('access.terms.accept')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
