import { type Account, priceProtectionBannerDate } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';

/** [A2.33] [A9.9] "Price protection until yyyy-MM-dd HH:mm:ss UTC" while ExtendedView.PriceProtectionEnddate is ahead. */
export function PriceProtectionBanner({ account, now = new Date() }: { account: Account; now?: Date }) {
  const { t } = useTranslation();
  const date = priceProtectionBannerDate(account.Views.ExtendedView?.Values.PriceProtectionEnddate, now);
  if (!date) return null;
  return (
    <ReadableAlert color="blue" role="status" data-testid="price-protection-banner">
      {t('pricePreview.protectionBanner', { date })}
    </ReadableAlert>
  );
}
