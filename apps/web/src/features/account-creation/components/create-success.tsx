import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { CreateAccount, OperationOutput } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useSendCredentials, useSuggestedServices } from '../api/use-create-account';

/** Where the success page links to; the page that hosts the wizard builds the addresses. */
export interface CreateSuccessLinks {
  account: (id: number) => string;
  /** The wizard for a service (Product) under a user, with a service chosen when given. */
  createService: (userId: number, productName?: string) => string;
  userSecurity: (id: number) => string;
  orders: () => string;
}

/** [A2.44] [M4.23] Where the notice of an order under review went: the user who placed the order is told by e-mail. */
export function UnderReviewNotice({ noticeSentTo }: { noticeSentTo: string | null }) {
  const { t } = useTranslation();
  return (
    <Text data-testid="under-review-notice">
      {noticeSentTo
        ? t('accountCreate.underReview.noticeSent', { email: noticeSentTo })
        : t('accountCreate.underReview.noNotice')}
    </Text>
  );
}

/** [A2.44] [M4.23] [M5.16] The scheduled-provisioning success: when provisioning starts (UTC). */
export function ScheduledNotice({ scheduledFor }: { scheduledFor: string }) {
  const { t } = useTranslation();
  return (
    <Text data-testid="scheduled-for">
      {t('accountCreate.success.scheduledText', { date: scheduledFor.slice(0, 16).replace('T', ' ') })}
    </Text>
  );
}

/**
 * [A2.44] Success page: go to the created account; for a user, create a service, send credentials (with
 * USER_EXPORT_EXECUTE) and user security; my orders for those who may read orders. For a subscription whose order
 * is above the credit limit, the under-review page [A4.8], [A8.7].
 */
export function CreateSuccess(props: {
  created: OperationOutput<typeof CreateAccount>;
  parentName: string;
  /** The service of a created subscription: other services of its kind are suggested. */
  productName: string | null;
  canReadOrders: boolean;
  links: CreateSuccessLinks;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { created } = props;
  const send = useSendCredentials();
  const suggested = useSuggestedServices(created.AccountType === 'Product' ? props.productName : null, created.AccountId);
  const suggestions = suggested.data?.Items ?? [];
  const [confirming, setConfirming] = useState(false);
  const isUser = created.AccountType === 'User';
  // [A2.44] [A4.8] [A8.7] An order above the company's credit limit waits for review.
  const underReview = created.OrderStatus === 'UnderReview';
  const sendError =
    send.error instanceof ApiError ? (send.error.fieldErrors[0]?.message ?? send.error.message) : (send.error?.message ?? null);

  return (
    <Stack gap="md" style={{ flex: 1 }}>
      <Title order={3}>
        {underReview
          ? t('accountCreate.underReview.title')
          : created.ScheduledFor
            ? t('accountCreate.success.scheduledTitle')
            : t('accountCreate.success.title')}
      </Title>
      {underReview && <Text>{t('accountCreate.underReview.text')}</Text>}
      {underReview && <UnderReviewNotice noticeSentTo={created.NoticeSentTo} />}
      {created.ScheduledFor && <ScheduledNotice scheduledFor={created.ScheduledFor} />}
      <Text role="status">
        {t('accountCreate.success.text', {
          type: t(`accountCreate.typeName.${created.AccountType}`),
          name: created.DisplayName,
          parent: props.parentName,
        })}
      </Text>
      {created.OrderNumber && (
        <Text data-testid="created-order">{t('accountCreate.success.orderNumber', { number: created.OrderNumber })}</Text>
      )}
      {created.Charges && (
        // Issue 15: the same charges as the review showed, from the order record.
        <ChargeSummaryTable charges={created.Charges} label={t('accountCreate.success.charges')} />
      )}
      {created.Role && <Text data-testid="created-role">{t('accountCreate.success.role', { role: created.Role })}</Text>}
      <List spacing="xs" aria-label={t('accountCreate.success.next')}>
        <List.Item>
          <Anchor href={props.links.account(created.AccountId)}>{t('accountCreate.success.goToAccount')}</Anchor>
        </List.Item>
        {isUser && (
          <List.Item>
            <Anchor href={props.links.createService(created.AccountId)}>{t('accountCreate.success.createService')}</Anchor>
          </List.Item>
        )}
        {isUser && (
          <List.Item>
            <Anchor href={props.links.userSecurity(created.AccountId)}>{t('accountCreate.success.userSecurity')}</Anchor>
          </List.Item>
        )}
        {props.canReadOrders && (
          <List.Item>
            <Anchor href={props.links.orders()}>{t('accountCreate.success.myOrders')}</Anchor>
          </List.Item>
        )}
      </List>
      {suggestions.length > 0 && (
        // [A2.44] [A9.7] At most 3 suggested services, each opening the wizard for the same user.
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('accountCreate.success.suggested')}
          </Title>
          <List spacing="xs" aria-label={t('accountCreate.success.suggested')}>
            {suggestions.map((s) => (
              <List.Item key={s.ServiceName}>
                <Anchor href={props.links.createService(created.ParentAccountId, s.ServiceName)}>{s.DisplayName}</Anchor>
                <Text span size="sm" c="dimmed">
                  {` ${s.OwnerName}`}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {isUser && created.CanSendCredentials && (
        <Stack gap="xs">
          {send.isSuccess ? (
            // [A8.13] The spec's success message.
            <ReadableAlert color="green" role="status" title={t('accountCreate.success.credentialsSent')}>
              {t('accountCreate.success.credentialsSentTo', { email: send.data.Email })}
            </ReadableAlert>
          ) : confirming ? (
            <>
              <Text size="sm">{t('accountCreate.success.confirmCredentials', { name: created.DisplayName })}</Text>
              <Group>
                <Button onClick={() => send.mutate(created.AccountId)} loading={send.isPending}>
                  {t('accountCreate.success.sendNow')}
                </Button>
                <Button variant="default" onClick={() => setConfirming(false)} disabled={send.isPending}>
                  {t('accountCreate.cancel')}
                </Button>
              </Group>
            </>
          ) : (
            <Group>
              <Button variant="default" onClick={() => setConfirming(true)}>
                {t('accountCreate.success.sendCredentials')}
              </Button>
            </Group>
          )}
          {sendError && (
            <ReadableAlert color="red" role="alert" title={t('accountCreate.success.credentialsFailed')}>
              {sendError}
            </ReadableAlert>
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="auto">
        <Button onClick={props.onClose}>{t('accountCreate.close')}</Button>
      </Group>
    </Stack>
  );
}
