import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Marketplace } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { ApiError } from '../../../lib/api-client';
import { useCopyPriceList } from '../api/use-price-list-mutations';
import { canSubmitCopy } from '../utils/permissions';

/** [M9.11] The copy window is 400 wide. */
const COPY_WINDOW_WIDTH = 400;

/**
 * [M4.18] [M5.3] Copy a price list: the form (new name longer than 2 characters, trimmed; margin default 0),
 * then the success step, then the new list [M2.21].
 */
export function CopyPriceListModal(props: { list: Marketplace; onClose: () => void; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const copy = useCopyPriceList();
  const [newName, setNewName] = useState('');
  const [margin, setMargin] = useState('0');
  const fieldError = (field: string) =>
    copy.error instanceof ApiError ? copy.error.fieldErrors.find((e) => e.field === field)?.message : undefined;
  const otherError =
    copy.error && !fieldError('newName') && !fieldError('margin')
      ? copy.error instanceof ApiError
        ? (copy.error.fieldErrors[0]?.message ?? copy.error.message)
        : copy.error.message
      : null;
  const handleSubmit = () => {
    if (!canSubmitCopy(newName)) return;
    copy.mutate({ id: props.list.Id, newName: newName.trim(), margin: margin.trim() === '' ? '0' : margin.trim() });
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      size={COPY_WINDOW_WIDTH}
      title={t('priceLists.copyDialog.title', { name: props.list.Name })}
      closeButtonProps={{ 'aria-label': t('priceLists.close') }}
    >
      {copy.data ? (
        <Stack>
          <ReadableAlert color="green" role="status" title={t('priceLists.copyDialog.doneTitle')}>
            {t('priceLists.copyDialog.done', { name: newName.trim() })}
          </ReadableAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('priceLists.close')}
            </Button>
            <Button onClick={() => props.onOpen(copy.data.Id)} data-autofocus>
              {t('priceLists.copyDialog.open')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            handleSubmit();
          }}
        >
          <Stack>
            <TextInput
              label={t('priceLists.copyDialog.newName')}
              description={t('priceLists.copyDialog.newNameHint')}
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              error={fieldError('newName')}
              required
              data-autofocus
            />
            <TextInput
              label={t('priceLists.copyDialog.margin')}
              description={t('priceLists.copyDialog.marginHint')}
              value={margin}
              onChange={(e) => setMargin(e.currentTarget.value)}
              error={fieldError('margin')}
              inputMode="decimal"
              rightSection={<Text size="sm">%</Text>}
            />
            {otherError && (
              <ReadableAlert color="red" role="alert">
                {otherError}
              </ReadableAlert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {t('priceLists.cancel')}
              </Button>
              <Button type="submit" disabled={!canSubmitCopy(newName)} loading={copy.isPending}>
                {t('priceLists.copyDialog.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
