import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAccountSearch, useMoveAccount } from '../api/use-move-account';

const TARGET_TYPES: Record<string, string[]> = { User: ['Company', 'Department'], Product: ['User'] };

/** [A6.9] Moves a User or Product account under another parent found by name. */
export function MoveAccountModal(props: { accountId: number; accountType: string; accountName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const [choice, setChoice] = useState<string | null>(null);
  const search = useAccountSearch(debounced, TARGET_TYPES[props.accountType] ?? []);
  const move = useMoveAccount();
  const error = move.error instanceof ApiError ? (move.error.fieldErrors[0]?.message ?? move.error.message) : null;
  const items = search.data?.Items.filter((i) => i.AccountId !== props.accountId) ?? [];

  const handleMove = () => {
    if (!choice) return;
    move.mutate(
      { id: props.accountId, newParentId: Number(choice) },
      {
        onSuccess: () => {
          notify({ color: 'green', message: t('account.move.done') });
          props.onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('account.move.title', { name: props.accountName })}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('account.move.cancel') }}
    >
      <Stack>
        <Text size="sm">{props.accountType === 'User' ? t('account.move.textUser') : t('account.move.textProduct')}</Text>
        <TextInput
          label={t('account.move.search')}
          description={t('account.move.searchHint')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setChoice(null);
          }}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          data-autofocus
        />
        {debounced.trim().length >= 2 && search.isSuccess && items.length === 0 && (
          <Text c="dimmed">{t('account.move.none')}</Text>
        )}
        {items.length > 0 && (
          <Radio.Group value={choice} onChange={setChoice} label={t('account.move.results')}>
            <Stack gap="xs" mt="xs">
              {items.map((item) => (
                <Radio
                  key={item.AccountId}
                  value={String(item.AccountId)}
                  label={`${item.DisplayName} (${t(`account.type.${item.AccountType}`)}${item.ParentDisplayName ? `, ${item.ParentDisplayName}` : ''})`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('account.move.cancel')}
          </Button>
          <Button disabled={!choice} loading={move.isPending} onClick={handleMove}>
            {t('account.move.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
