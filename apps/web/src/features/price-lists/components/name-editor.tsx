import { Button, Group, TextInput, Title } from '@mantine/core';
import type { Marketplace } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRenamePriceList } from '../api/use-price-list-mutations';
import { canSaveName } from '../utils/permissions';
import { PriceListConflictAlert, priceListConflictOf } from './price-list-conflict';

/** [M4.18] [M5.4] The price list's name: view, or edit where Enter saves and Escape cancels. */
export function NameEditor(props: { list: Marketplace; canRename: boolean }) {
  const { t } = useTranslation();
  const rename = useRenamePriceList(props.list.Id);
  const [draft, setDraft] = useState<string | null>(null);
  // A stale version is not the name's fault: the shared conflict alert below says who changed the list.
  const error = priceListConflictOf(rename.error)
    ? undefined
    : rename.error instanceof ApiError
      ? (rename.error.fieldErrors[0]?.message ?? rename.error.message)
      : rename.error?.message;

  const cancel = () => {
    rename.reset();
    setDraft(null);
  };
  const save = (version = props.list.Version) => {
    if (draft === null || !canSaveName(props.list.Name, draft)) return;
    rename.mutate(
      { name: draft.trim(), version },
      {
        onSuccess: (list) => {
          setDraft(null);
          notify({ color: 'green', message: t('priceLists.renamed', { name: list.Name }) });
        },
      },
    );
  };

  if (draft === null) {
    return (
      <Group gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {props.list.Name}
        </Title>
        {props.canRename && (
          <Button size="xs" variant="subtle" onClick={() => setDraft(props.list.Name)}>
            {t('priceLists.rename')}
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label={t('priceLists.newName')}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            cancel();
          }
        }}
        error={error}
        w="100%"
        maw={360}
        data-autofocus
        autoFocus
      />
      <Group gap="xs" mt={25}>
        <Button size="sm" onClick={() => save()} disabled={!canSaveName(props.list.Name, draft)} loading={rename.isPending}>
          {t('priceLists.save')}
        </Button>
        <Button size="sm" variant="default" onClick={cancel}>
          {t('priceLists.cancel')}
        </Button>
      </Group>
      <PriceListConflictAlert mutation={rename} onReload={() => setDraft(null)} onKeep={save} />
    </Group>
  );
}
