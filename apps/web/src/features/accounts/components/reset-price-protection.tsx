import { Button } from '@mantine/core';
import type { Account } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader, lazyPart } from '../../../components/ui/lazy-part';

// The dialog (with its subscription choice and date rules) is fetched when it is first opened.
const ResetPriceProtectionModal = lazyPart(() => import('./reset-price-protection-modal'), 'ResetPriceProtectionModal', {
  fallback: <DialogLoader />,
});

/** [A6.10] The capability that resets price protection. */
export const RESET_PRICE_PROTECTION_CAPABILITY = 'ACCOUNT_RESETPRICEPROTECTION_READ';

/**
 * [A1.10] [A6.10] "Reset price protection" on the page of a subscription (Product account) that is not terminated
 * and has a price protection end, for holders of ACCOUNT_RESETPRICEPROTECTION read (decision 0047).
 */
export function ResetPriceProtectionButton(props: { account: Account; capabilities: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const values = props.account.Views.Default?.Values ?? {};
  const end = props.account.Views.ExtendedView?.Values.PriceProtectionEnddate;
  if (
    !props.capabilities.includes(RESET_PRICE_PROTECTION_CAPABILITY) ||
    values.AccountType !== 'Product' ||
    values.AccountState === 'Terminated' ||
    typeof end !== 'string'
  ) {
    return null;
  }
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('priceProtectionReset.action')}
      </Button>
      {open && <ResetPriceProtectionModal accountId={props.account.AccountIdentificator} onClose={() => setOpen(false)} />}
    </>
  );
}
