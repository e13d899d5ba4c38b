import { Button } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogLoader, lazyPart } from '../../../components/ui/lazy-part';
import { notify } from '../../../lib/notify';
import { useImpersonate } from '../api/use-access';

// The confirmation's code is fetched when it is first opened.
const ImpersonateConfirmModal = lazyPart(() => import('./impersonate-confirm-modal'), 'ImpersonateConfirmModal', {
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
        <ImpersonateConfirmModal
          accountName={props.accountName}
          isStarting={impersonate.isPending}
          onConfirm={handleConfirm}
          onClose={() => setIsOpen(false)}
        />
      )}
    </>
  );
}
