import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AccountType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../api/use-account';
import { useAccountSearch } from '../api/use-move-account';

export interface AccountChooserProps {
  label: string;
  description?: string;
  /** The chosen account, or null. */
  value: number | null;
  /** The account types offered (all when empty). */
  types: readonly AccountType[];
  onChange: (accountId: number) => void;
  w?: number | string;
}

/**
 * Chooses an account of the caller's scope by typing part of its name (2 characters at least,
 * `SearchAccounts`); the chosen account is named from its own record.
 */
export function AccountChooser({ label, description, value, types, onChange, w }: AccountChooserProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const current = useAccount(value ?? 0, { enabled: value !== null });
  const currentName = value !== null ? current.data?.Hierarchy.at(-1)?.DisplayName : undefined;
  // The field shows the chosen account's name until the user types: that name is not a search, and the
  // chosen account keeps one label, so a late answer never replaces what the user is typing.
  const typing = debounced !== (currentName ?? '');
  const search = useAccountSearch(typing ? debounced : '', types);

  const found = (search.data?.Items ?? []).filter((item) => item.AccountId !== value);
  const options = found.map((item) => ({
    value: String(item.AccountId),
    label: item.ParentDisplayName
      ? t('account.chooser.option', {
          name: item.DisplayName,
          type: t(`account.type.${item.AccountType}`),
          parent: item.ParentDisplayName,
        })
      : t('account.chooser.optionTop', { name: item.DisplayName, type: t(`account.type.${item.AccountType}`) }),
  }));
  if (value !== null && currentName) {
    options.unshift({ value: String(value), label: currentName });
  }
  const typed = debounced.trim();

  return (
    <Select
      label={label}
      description={description}
      placeholder={t('account.chooser.placeholder')}
      searchable
      value={value !== null ? String(value) : null}
      searchValue={text}
      onSearchChange={setText}
      onChange={(v) => {
        if (v) onChange(Number(v));
      }}
      // The server has already filtered by name.
      filter={({ options: all }) => all}
      data={options}
      nothingFoundMessage={
        typed.length < 2
          ? t('account.chooser.typeMore')
          : search.isFetching
            ? t('account.chooser.searching')
            : t('account.chooser.none')
      }
      rightSection={search.isFetching ? <Loader size="xs" /> : undefined}
      allowDeselect={false}
      w={w}
    />
  );
}
