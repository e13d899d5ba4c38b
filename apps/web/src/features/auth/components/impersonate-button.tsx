import { Button } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader, lazyPart } from '../../../components/ui/lazy-part';
import { notify } from '../../../lib/notify';
import { useImpersonate } from '../api/use-access';

// The confirmation's code is fetched when it is first opened.
const ConfirmModal = lazyPart(() => import('../../../components/ui/confirm-modal'), 'ConfirmModal', {
  fallback: <DialogLoader />,
});

/** [A6.8] The Impersonate action of a User account page, with a confirmation. */
export function ImpersonateButton(props: {
  accountId: number;
  accountName: string;
  onImpersonating: (user: CurrentUser) => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const impersonate = useImpersonate();
  const handleConfirm = () =>
    impersonate.mutate(props.accountId, {
      onSuccess: (result) => {
        setIsOpen(false);
        notify({ color: 'blue', message: t('access.impersonation.started', { name: result.User.DisplayName }) });
        props.onImpersonating(result.User);
      },
      onError: (error) => {
        setIsOpen(false);
        notify({ color: 'red', message: error.message });
      },
    });
  return (
    <>
      <Button variant="default" onClick={() => setIsOpen(true)}>
        {t('access.impersonation.action')}
      </Button>
      {isOpen && (
        <ConfirmModal
          title={t('access.impersonation.confirmTitle')}
          text={t('access.impersonation.confirmText', { name: props.accountName })}
          cancelLabel={t('access.cancel')}
          closeLabel={t('access.close')}
          confirmLabel={t('access.impersonation.confirm')}
          isBusy={impersonate.isPending}
          onConfirm={handleConfirm}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
}
