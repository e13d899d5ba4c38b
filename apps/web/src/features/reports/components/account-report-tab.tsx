import { Box, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { ACCOUNT_REPORT_REFRESH_TIMEOUT_MS, type AccountReportStatus } from '@portal/contracts';
import { embedAccountReport } from '@portal/embed';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import i18next from '../../../lib/i18n';
import { useAccountReportStatus, useRefreshAccountReport } from '../api/use-account-report';
import { secondsLeft } from '../utils/countdown';
import { embedService, fetchPortalEmbedToken } from './bi-report-view';

/** A report page of the account layout, as the account's tab list names it. */
export interface AccountReportPage {
  Id: string;
  DisplayName: string;
  ReportId: string;
  WorkgroupId: string;
}

export interface AccountReportTabProps {
  accountId: number;
  accountName: string;
  page: AccountReportPage;
  /** [A9.5] How long to wait before asking the status again (default 30000 ms). */
  timeoutMs?: number;
}

/**
 * [A2.51] [A4.9] A report tab of the account page: asks the report's status for the account [A7.3];
 * Ready draws the report limited to the account, InProgress shows progress and counts down to the
 * next automatic check, Error shows the reason with Retry.
 */
export function AccountReportTab({
  accountId,
  accountName,
  page,
  timeoutMs = ACCOUNT_REPORT_REFRESH_TIMEOUT_MS,
}: AccountReportTabProps) {
  const { t } = useTranslation();
  const query = useAccountReportStatus(accountId, page.Id);
  const refresh = useRefreshAccountReport(accountId, page.Id);

  if (query.isPending) return <Loader aria-label={t('accountReports.loading')} />;
  if (query.isError) {
    return (
      <ReadableAlert color="red" title={t('accountReports.statusFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" onClick={() => query.refetch()}>
            {t('accountReports.retry')}
          </Button>
        </Stack>
      </ReadableAlert>
    );
  }
  const status = query.data;
  const refreshFailed = refresh.isError ? (
    <ReadableAlert color="red">{t('accountReports.refreshFailed', { message: refresh.error.message })}</ReadableAlert>
  ) : null;
  if (status.status === 'InProgress') {
    return (
      <Stack gap="sm">
        {refreshFailed}
        <PreparingBlock
          key={query.dataUpdatedAt}
          status={status}
          timeoutMs={timeoutMs}
          isChecking={query.isFetching}
          onCheck={() => query.refetch()}
        />
      </Stack>
    );
  }
  if (status.status === 'Error') {
    return (
      <Stack gap="sm">
        {refreshFailed}
        <ReadableAlert color="red" title={t('accountReports.error.title', { name: page.DisplayName })} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{status.message}</Text>
            <Button size="xs" onClick={() => refresh.mutate()} loading={refresh.isPending}>
              {t('accountReports.retry')}
            </Button>
          </Stack>
        </ReadableAlert>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {refreshFailed}
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="gray.8" data-testid="account-report-prepared">
          {status.message}
        </Text>
        <Button variant="default" size="xs" onClick={() => refresh.mutate()} loading={refresh.isPending}>
          {t('accountReports.refresh')}
        </Button>
      </Group>
      <EmbeddedAccountReport key={status.preparedAt} accountId={accountId} accountName={accountName} page={page} />
    </Stack>
  );
}

/** [A2.51] [A9.5] Progress, the preparation's message, a one-second countdown to the next check, and Update status. */
function PreparingBlock(props: { status: AccountReportStatus; timeoutMs: number; isChecking: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  const [ticks, setTicks] = useState(0);
  const left = secondsLeft(props.timeoutMs, ticks);
  const { onCheck } = props;
  const checkRef = useRef(onCheck);
  checkRef.current = onCheck;

  useEffect(() => {
    const timer = setInterval(() => setTicks((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const hasTimedOut = left === 0;
  useEffect(() => {
    // The automatic retry, once per countdown: the block is drawn anew with the answer, which restarts it.
    if (hasTimedOut) checkRef.current();
  }, [hasTimedOut]);

  return (
    <Stack
      gap="sm"
      p="md"
      data-testid="account-report-progress"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    >
      <Text fw={600}>{t('accountReports.inProgress.title')}</Text>
      <Progress
        value={Math.max(props.status.progress, 5)}
        animated
        striped
        aria-label={t('accountReports.inProgress.progress', { progress: props.status.progress })}
      />
      <Text size="sm" role="status">
        {props.status.message}
      </Text>
      <Group justify="space-between">
        <Text size="sm" c="gray.8" data-testid="account-report-countdown">
          {props.isChecking || left === 0
            ? t('accountReports.inProgress.checking')
            : t('accountReports.inProgress.countdown', { count: left })}
        </Text>
        <Button size="xs" variant="default" onClick={onCheck} loading={props.isChecking}>
          {t('accountReports.inProgress.update')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * [A4.9] The report embedded with the portal's embed library, its token limited to the account.
 * [A8.1] No token: a dialog says so. [A8.2] The report failing to draw: a fallback message in its place.
 */
function EmbeddedAccountReport({
  accountId,
  accountName,
  page,
}: {
  accountId: number;
  accountName: string;
  page: AccountReportPage;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [tokenFailed, setTokenFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isLoaded, setIsLoaded] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element || attempt < 0) return;
    let cancelled = false;
    setTokenFailed(false);
    setFailure(null);
    setIsLoaded(false);
    (async () => {
      let noToken = false;
      const embedded = await embedAccountReport(embedService(), element, {
        workgroupId: page.WorkgroupId,
        reportId: page.ReportId,
        accountId: String(accountId),
        locale: i18next.language,
        settings: { panes: { filters: { expanded: false } } },
        fetchToken: fetchPortalEmbedToken,
        logError: () => {
          noToken = true;
        },
      });
      if (cancelled) return;
      if (!embedded || noToken) {
        setTokenFailed(true);
        return;
      }
      embedded.setComponentTitle(t('accountReports.frameTitle', { name: page.DisplayName, account: accountName }));
      embedded.on('loaded', () => {
        if (!cancelled) setIsLoaded(true);
      });
      embedded.on('error', (event) => {
        if (cancelled) return;
        const detail = (event as CustomEvent<{ message?: string; detailedMessage?: string }>).detail;
        setFailure(detail?.detailedMessage ?? detail?.message ?? '');
      });
    })();
    return () => {
      cancelled = true;
      embedService().reset(element);
    };
  }, [accountId, accountName, page.ReportId, page.WorkgroupId, page.DisplayName, attempt, t]);

  return (
    <>
      {failure !== null && (
        <ReadableAlert color="red" title={t('accountReports.generateFailed.title')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('accountReports.generateFailed.text')}</Text>
            {failure && (
              <Text size="sm" c="gray.8">
                {failure}
              </Text>
            )}
            <Button size="xs" onClick={() => setAttempt((n) => n + 1)}>
              {t('accountReports.retry')}
            </Button>
          </Stack>
        </ReadableAlert>
      )}
      {!isLoaded && failure === null && !tokenFailed && <Loader size="sm" aria-label={t('accountReports.drawing')} />}
      <Box
        ref={container}
        data-testid="account-report"
        data-loaded={isLoaded ? 'true' : 'false'}
        style={{
          height: '65vh',
          minHeight: 480,
          border: '1px solid var(--mantine-color-gray-3)',
          display: failure === null ? undefined : 'none',
        }}
      />
      <Modal
        opened={tokenFailed}
        onClose={() => setTokenFailed(false)}
        title={t('accountReports.tokenFailed.title')}
        centered
        closeButtonProps={{ 'aria-label': t('accountReports.tokenFailed.close') }}
      >
        <Text size="sm" mb="lg">
          {t('accountReports.tokenFailed.text')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setTokenFailed(false)}>
            {t('accountReports.tokenFailed.close')}
          </Button>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('accountReports.retry')}</Button>
        </Group>
      </Modal>
    </>
  );
}
