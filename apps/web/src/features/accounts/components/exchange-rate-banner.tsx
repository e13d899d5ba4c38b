import { Anchor } from '@mantine/core';
import type { Account } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';

/**
 * [A2.33] "The currency exchange rate is not up to date" while ExtendedView.ExchangeRateNotUpToDate: the
 * subscription's vendor charges in another currency and the provider's rate converting it is missing or
 * older than the last month end. The server sets it only for viewers who see the converted margin; the
 * link to #/ExchangeRates only for those who may read the rates (Permissions.CanSeeExchangeRates).
 */
export function ExchangeRateBanner({ account, hrefForExchangeRates }: { account: Account; hrefForExchangeRates?: () => string }) {
  const { t } = useTranslation();
  if (account.Views.ExtendedView?.Values.ExchangeRateNotUpToDate !== true) return null;
  return (
    <ReadableAlert color="yellow" role="status" data-testid="exchange-rate-banner">
      {t('exchangeRates.banner')}
      {account.Permissions.CanSeeExchangeRates && hrefForExchangeRates && (
        <>
          {' '}
          <Anchor href={hrefForExchangeRates()} size="sm" fw={600} c="var(--mantine-color-text)" underline="always">
            {t('exchangeRates.bannerLink')}
          </Anchor>
        </>
      )}
    </ReadableAlert>
  );
}
