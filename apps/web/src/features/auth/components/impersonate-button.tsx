import { Button, Group, Modal, Text } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useImpersonate } from '../api/use-access';

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
      <Modal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('access.impersonation.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('access.close') }}
      >
        <Text size="sm" mb="lg">
          {t('access.impersonation.confirmText', { name: props.accountName })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setIsOpen(false)}>
            {t('access.cancel')}
          </Button>
          <Button loading={impersonate.isPending} onClick={handleConfirm}>
            {t('access.impersonation.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
