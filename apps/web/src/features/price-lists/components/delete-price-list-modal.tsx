import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Marketplace } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { notify } from '../../../lib/notify';
import { useDeletePriceList } from '../api/use-price-list-mutations';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';

/** [M8.13] 'Are you sure you want to delete marketplace X ?', then the price lists page [M2.23]. */
export function DeletePriceListModal(props: { list: Marketplace; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePriceList();
  const removeAt = (version: number) =>
    remove.mutate(
      { id: props.list.Id, version },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('priceLists.deleted', { name: props.list.Name }) });
          props.onDeleted();
        },
      },
    );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('priceLists.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('priceLists.close') }}
    >
      <Stack>
        <Text size="sm">{t('priceLists.deleteConfirm', { name: props.list.Name })}</Text>
        {/* Reload shows the list as changed, and the question stays; keep deletes it anyway. */}
        <PriceListConflictAlert mutation={remove} onKeep={removeAt} />
        {remove.error && !priceListConflictOf(remove.error) && (
          <ReadableAlert color="red" role="alert">
            {remove.error.message}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('priceLists.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => removeAt(props.list.Version)}>
            {t('priceLists.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
