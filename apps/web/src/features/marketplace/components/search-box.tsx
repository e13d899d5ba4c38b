import { Avatar, Box, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_MIN_CHARS, type AutocompleteEntry, type SearchOptionsInput } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../../lib/file-url';
import { useAutocomplete } from '../api/use-marketplace';

/** [M9.7] The list hides this long after the box loses focus, so a click on an entry still lands. */
export const AUTOCOMPLETE_HIDE_MS = 400;

export interface SearchBoxProps {
  /** The name searched now. */
  value: string;
  /** The other filters in force: suggestions come from the same set. */
  options: SearchOptionsInput;
  onSearch: (name: string) => void;
  onPickService: (id: number) => void;
  onPickVendor: (ownerId: number) => void;
  onPickTag: (tag: string) => void;
}

const entryKey = (e: AutocompleteEntry) =>
  e.Type === 'Service' ? `s:${e.Id}` : e.Type === 'Vendor' ? `v:${e.OwnerAccountId}` : `t:${e.TagValue}`;

/**
 * [M2.26] [M9.7] The search box with autocomplete: from 2 characters, up to 5 services, the vendor with
 * most matches and matching tags. An ARIA combobox: arrows move through the list, Enter picks the
 * highlighted entry (or searches the text), Escape closes it; it hides 400 ms after focus leaves.
 */
export function SearchBox({ value, options, onSearch, onPickService, onPickVendor, onPickTag }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 200);
  const hideTimer = useRef<number | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = useAutocomplete(debounced, options, AUTOCOMPLETE_MIN_CHARS);
  const entries = debounced.trim().length >= AUTOCOMPLETE_MIN_CHARS ? (suggestions.data?.Entries ?? []) : [];

  useEffect(() => setText(value), [value]);
  useEffect(
    () => () => {
      if (hideTimer.current !== null) window.clearTimeout(hideTimer.current);
    },
    [],
  );

  const pick = (key: string) => {
    const entry = entries.find((e) => entryKey(e) === key);
    combobox.closeDropdown();
    if (!entry) return;
    if (entry.Type === 'Service') onPickService(entry.Id);
    else if (entry.Type === 'Vendor') {
      setText('');
      onPickVendor(entry.OwnerAccountId);
    } else {
      setText('');
      onPickTag(entry.TagValue);
    }
  };

  const group = (type: AutocompleteEntry['Type'], label: string) => {
    const items = entries.filter((e) => e.Type === type);
    if (items.length === 0) return null;
    return (
      <Combobox.Group label={label}>
        {items.map((e) => (
          <Combobox.Option value={entryKey(e)} key={entryKey(e)}>
            {e.Type === 'Service' && (
              <Group gap="xs" wrap="nowrap">
                <Avatar src={fileUrl(e.Icon)} size={24} radius="sm" alt="" aria-hidden>
                  {e.DisplayName.slice(0, 1)}
                </Avatar>
                <Text size="sm">{e.DisplayName}</Text>
              </Group>
            )}
            {e.Type === 'Vendor' && (
              <Group gap="xs" wrap="nowrap">
                <Avatar src={fileUrl(e.OwnerProfileIcon)} size={24} radius="sm" alt="" aria-hidden>
                  {e.OwnerAccountName.slice(0, 1)}
                </Avatar>
                <Text size="sm">{t('marketplace.search.vendorEntry', { name: e.OwnerAccountName })}</Text>
              </Group>
            )}
            {e.Type === 'Tag' && <Text size="sm">{t('marketplace.search.tagEntry', { tag: e.TagValue })}</Text>}
          </Combobox.Option>
        ))}
      </Combobox.Group>
    );
  };

  const isOpenable = text.trim().length >= AUTOCOMPLETE_MIN_CHARS;
  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={t('marketplace.search.label')}
          placeholder={t('marketplace.search.placeholder')}
          value={text}
          w={340}
          role="combobox"
          aria-autocomplete="list"
          rightSection={suggestions.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (e.currentTarget.value.trim().length >= AUTOCOMPLETE_MIN_CHARS) combobox.openDropdown();
            else combobox.closeDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => {
            if (hideTimer.current !== null) window.clearTimeout(hideTimer.current);
            if (isOpenable) combobox.openDropdown();
          }}
          onBlur={() => {
            hideTimer.current = window.setTimeout(() => combobox.closeDropdown(), AUTOCOMPLETE_HIDE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() < 0) {
              e.preventDefault();
              combobox.closeDropdown();
              onSearch(text.trim());
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!isOpenable}>
        <Combobox.Options aria-label={t('marketplace.search.suggestions')}>
          {entries.length === 0 ? (
            <Combobox.Empty>
              {suggestions.isFetching || debounced !== text ? t('app.loading') : t('marketplace.search.noSuggestions')}
            </Combobox.Empty>
          ) : (
            <Box>
              {group('Service', t('marketplace.search.servicesGroup'))}
              {group('Vendor', t('marketplace.search.vendorGroup'))}
              {group('Tag', t('marketplace.search.tagsGroup'))}
            </Box>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
