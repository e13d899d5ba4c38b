import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Marketplace } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCheckServiceInstances, useUpdatePriceListServices } from '../api/use-price-list-mutations';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';

/**
 * [M2.25] [M3.16] [M4.13] Removing a service: asks whether assignees use it, then confirms hiding it (in use:
 * existing subscriptions keep their price) or deleting it from the list.
 */
export function RemoveServiceModal(props: { list: Marketplace; service: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const check = useCheckServiceInstances(props.list.Id);
  const remove = useUpdatePriceListServices(props.list.Id);
  const { mutate } = check;
  const serviceId = props.service.id;
  useEffect(() => mutate(serviceId), [mutate, serviceId]);
  const used = check.data?.IsServiceUsed ?? false;
  const failure = check.error ?? (priceListConflictOf(remove.error) ? null : remove.error);
  const removeAt = (version: number) =>
    remove.mutate(
      { services: [props.service.id], flag: false, version },
      {
        onSuccess: (result) => {
          const status = result.Services[0]?.Status;
          notify({
            color: 'green',
            message:
              status === 'Hidden'
                ? t('priceLists.remove.hidden', { name: props.service.name })
                : t('priceLists.remove.deleted', { name: props.service.name }),
          });
          props.onClose();
        },
      },
    );
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={used ? t('priceLists.remove.hideTitle') : t('priceLists.remove.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('priceLists.close') }}
    >
      <Stack>
        {check.isPending && <Loader size="sm" aria-label={t('priceLists.remove.checking')} />}
        {check.data && used && (
          <>
            <Text size="sm">{t('priceLists.remove.hideText', { name: props.service.name })}</Text>
            <List size="sm" aria-label={t('priceLists.remove.usedBy')}>
              {check.data.ServiceAssignees.map((a) => (
                <List.Item key={a.AccountId}>{a.CompanyName}</List.Item>
              ))}
            </List>
          </>
        )}
        {check.data && !used && <Text size="sm">{t('priceLists.remove.deleteText', { name: props.service.name })}</Text>}
        <PriceListConflictAlert mutation={remove} onKeep={removeAt} />
        {failure && (
          <ReadableAlert color="red" role="alert">
            {failure instanceof ApiError ? (failure.fieldErrors[0]?.message ?? failure.message) : failure.message}
          </ReadableAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('priceLists.cancel')}
          </Button>
          <Button
            color={used ? undefined : 'red'}
            onClick={() => removeAt(props.list.Version)}
            disabled={!check.data}
            loading={remove.isPending}
          >
            {used ? t('priceLists.remove.confirmHide') : t('priceLists.remove.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
