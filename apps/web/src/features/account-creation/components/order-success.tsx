import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { OperationOutput, PlaceOrder } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ChargeSummaryTable } from '../../../components/ui/charge-summary';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ScheduledNotice, UnderReviewNotice } from './create-success';

/** Where the ordering wizard's outcome links to; the page that hosts the wizard builds the addresses. */
export interface OrderSuccessLinks {
  account: (id: number) => string;
  orders: () => string;
  /** The page the wizard was opened from, when known [M2.49]. */
  referrer: string | null;
}

/**
 * [M2.49] [M4.23] The outcome of PLACE ORDER: 'Success / You have completed the ordering process' with 'Go to
 * created service' and a link back to where the wizard was opened; under review (above the credit limit) with
 * where its notice went and 'Go to my orders' for CREDITCHECK_COMPANYORDERS read [M6.11]; the scheduled success
 * with its provisioning time [M5.16].
 */
export function OrderSuccess(props: {
  placed: OperationOutput<typeof PlaceOrder>;
  canReadCompanyOrders: boolean;
  links: OrderSuccessLinks;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { placed } = props;
  const underReview = placed.OrderStatus === 'UnderReview';
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%" py="lg">
      <Title order={2} size="h3">
        {underReview
          ? t('ordering.success.underReviewTitle')
          : placed.ScheduledFor
            ? t('accountCreate.success.scheduledTitle')
            : t('ordering.success.title')}
      </Title>
      <Text role="status">{underReview ? t('ordering.success.underReviewText') : t('ordering.success.text')}</Text>
      {underReview && <UnderReviewNotice noticeSentTo={placed.NoticeSentTo} />}
      {placed.ScheduledFor && <ScheduledNotice scheduledFor={placed.ScheduledFor} />}
      <Text size="sm" data-testid="order-number">
        {t('ordering.success.orderNumber', { number: placed.OrderNumber, name: placed.DisplayName })}
      </Text>
      {placed.Charges && (
        // Issue 15: the amounts the review showed and the order recorded, advance payment included.
        <ChargeSummaryTable charges={placed.Charges} label={t('accountCreate.success.charges')} />
      )}
      {placed.ConfirmationSentTo.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('ordering.success.confirmationSent', { emails: placed.ConfirmationSentTo.join(', ') })}
        </Text>
      )}
      {placed.PostCreationMessage && (
        // [M3.21] The service's message after creation.
        <ReadableAlert color="blue" role="note" title={placed.PostCreationMessage.Title}>
          <MarkdownText text={placed.PostCreationMessage.Message} />
        </ReadableAlert>
      )}
      <Group gap="sm">
        <Button component="a" href={props.links.account(placed.AccountId)}>
          {t('ordering.success.goToService')}
        </Button>
        {underReview && props.canReadCompanyOrders && (
          <Button component="a" variant="default" href={props.links.orders()}>
            {t('ordering.success.goToOrders')}
          </Button>
        )}
        <Button variant="default" onClick={props.onClose}>
          {t('ordering.close')}
        </Button>
      </Group>
      {props.links.referrer && (
        <Anchor href={props.links.referrer} size="sm">
          {t('ordering.success.back')}
        </Anchor>
      )}
    </Stack>
  );
}
