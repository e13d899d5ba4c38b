import { Anchor, Button, Divider, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { SupportDetails } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../../../components/ui/lazy-part';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useSupportDetails } from '../api/use-support-details';

export interface SupportPanelProps {
  opened: boolean;
  onClose: () => void;
  /** [M6.13] WIKI_READ: the support button link shows. */
  canOpenSupportLink: boolean;
  /** Where the signed-in provider's or reseller's staff edit their own details; null without the right. */
  editHref: string | null;
}

/** A line of the panel: a label and its value, skipped when the value is not set. */
function Line(props: { label: string; children: React.ReactNode; value: string }) {
  if (props.value === '') return null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" miw={130}>
        {props.label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {props.children}
      </Text>
    </Group>
  );
}

const when = (days: string, hours: string) => [days, hours].filter((v) => v !== '').join(', ');

function Details(props: { details: SupportDetails; owner: string; canOpenSupportLink: boolean }) {
  const { t } = useTranslation();
  const d = props.details;
  const section = (title: string, lines: React.ReactNode, values: string[]) =>
    values.some((v) => v !== '') ? (
      <Stack gap={4}>
        <Title order={3} size="h5">
          {title}
        </Title>
        {lines}
      </Stack>
    ) : null;
  return (
    <Stack gap="md">
      <Text size="sm">{t('help.support.providedBy', { name: props.owner })}</Text>
      {section(
        t('help.support.technical'),
        <>
          <Line label={t('help.support.phone')} value={d.SupportPhoneNumber}>
            <Anchor href={`tel:${d.SupportPhoneNumber.replace(/[^+\d]/g, '')}`}>{d.SupportPhoneNumber}</Anchor>
          </Line>
          <Line label={t('help.support.email')} value={d.SupportTechnicalEmail}>
            <Anchor href={`mailto:${d.SupportTechnicalEmail}`}>{d.SupportTechnicalEmail}</Anchor>
          </Line>
          <Line label={t('help.support.regularHours')} value={when(d.SupportWorkingDaysRegular, d.SupportWorkingHoursRegular)}>
            {when(d.SupportWorkingDaysRegular, d.SupportWorkingHoursRegular)}
          </Line>
          <Line label={t('help.support.otherHours')} value={when(d.SupportWorkingDaysOthers, d.SupportWorkingHoursOthers)}>
            {when(d.SupportWorkingDaysOthers, d.SupportWorkingHoursOthers)}
          </Line>
        </>,
        [
          d.SupportPhoneNumber,
          d.SupportTechnicalEmail,
          d.SupportWorkingDaysRegular,
          d.SupportWorkingHoursRegular,
          d.SupportWorkingDaysOthers,
          d.SupportWorkingHoursOthers,
        ],
      )}
      {section(
        t('help.support.billing'),
        <>
          <Line label={t('help.support.phone')} value={d.SupportBillingPhoneNumber}>
            <Anchor href={`tel:${d.SupportBillingPhoneNumber.replace(/[^+\d]/g, '')}`}>{d.SupportBillingPhoneNumber}</Anchor>
          </Line>
          <Line label={t('help.support.email')} value={d.SupportBillingEmail}>
            <Anchor href={`mailto:${d.SupportBillingEmail}`}>{d.SupportBillingEmail}</Anchor>
          </Line>
          <Line label={t('help.support.hours')} value={when(d.SupportBillingWorkingDays, d.SupportBillingWorkingHours)}>
            {when(d.SupportBillingWorkingDays, d.SupportBillingWorkingHours)}
          </Line>
        </>,
        [d.SupportBillingPhoneNumber, d.SupportBillingEmail, d.SupportBillingWorkingDays, d.SupportBillingWorkingHours],
      )}
      {section(
        t('help.support.sales'),
        <>
          <Line label={t('help.support.phone')} value={d.SupportSalesPhoneNumber}>
            <Anchor href={`tel:${d.SupportSalesPhoneNumber.replace(/[^+\d]/g, '')}`}>{d.SupportSalesPhoneNumber}</Anchor>
          </Line>
          <Line label={t('help.support.email')} value={d.SupportSalesEmail}>
            <Anchor href={`mailto:${d.SupportSalesEmail}`}>{d.SupportSalesEmail}</Anchor>
          </Line>
        </>,
        [d.SupportSalesPhoneNumber, d.SupportSalesEmail],
      )}
      {props.canOpenSupportLink && d.SupportUrl !== '' && (
        <Button component="a" href={d.SupportUrl} target="_blank" rel="noreferrer noopener">
          {d.SupportButtonText || t('help.support.openSupportSite')}
        </Button>
      )}
      {d.Imprint !== '' && (
        <>
          <Divider />
          <Anchor href={d.Imprint} target="_blank" rel="noreferrer noopener" size="sm">
            {t('help.support.imprint')}
          </Anchor>
        </>
      )}
    </Stack>
  );
}

/** [M2.58] [M6.13] The support contact panel: 'Do you need help / Contact our local support', with the Imprint link. */
export function SupportPanel(props: SupportPanelProps) {
  const { t } = useTranslation();
  const support = useSupportDetails(props.opened);
  const isOpened = useOpenedAfterMount(props.opened);
  return (
    <Drawer
      opened={isOpened}
      onClose={props.onClose}
      position="right"
      size="md"
      title={
        <Stack gap={0}>
          <Text fw={700} size="lg" component="h2" m={0}>
            {t('help.support.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('help.support.subtitle')}
          </Text>
        </Stack>
      }
      closeButtonProps={{ 'aria-label': t('help.support.close') }}
    >
      <Stack gap="md">
        {support.isPending ? (
          <Loader aria-label={t('app.loading')} />
        ) : support.isError ? (
          <ReadableAlert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('app.loadFailed', { message: support.error.message })}</Text>
              <Button size="xs" variant="default" onClick={() => support.refetch()}>
                {t('app.retry')}
              </Button>
            </Stack>
          </ReadableAlert>
        ) : support.data.Details ? (
          <Details
            details={support.data.Details}
            owner={support.data.DisplayName ?? ''}
            canOpenSupportLink={props.canOpenSupportLink}
          />
        ) : (
          <ReadableAlert color="blue" role="status" title={t('help.support.emptyTitle')}>
            {t('help.support.emptyText')}
          </ReadableAlert>
        )}
        {props.editHref && (
          <Anchor href={props.editHref} onClick={props.onClose} size="sm">
            {t('help.support.edit')}
          </Anchor>
        )}
      </Stack>
    </Drawer>
  );
}
