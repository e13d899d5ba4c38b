import { Box, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { GLOBAL_SEARCH_MIN_CHARS } from '@portal/contracts';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedAfterMount } from '../../../components/ui/lazy-part';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { useGlobalSearch } from '../api/use-global-search';
import { type GlobalSearchLinks, moveActive, type SearchOption, searchGroups } from '../utils/search-options';
import { SearchIcon } from './search-icon';

/** The debounce between typing and asking the server. */
const DEBOUNCE_MS = 250;

export interface SearchDialogProps {
  opened: boolean;
  onClose: () => void;
  links: GlobalSearchLinks;
  /** Opens a result (a router path); the dialog has closed. */
  onOpen: (path: string) => void;
  /** Opens without a transition: it takes the place of the loader that stood for it, which looks the same. */
  isInstant?: boolean;
  /** The dialog is drawn open (before the browser paints it). */
  onShown?: () => void;
}

/** The global search's dialog (decision 0054), fetched when the search first opens. Full screen on a phone. */
export function SearchDialog({ opened, onClose, links, onOpen, isInstant, onShown }: SearchDialogProps) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const isOpened = useOpenedAfterMount(opened);
  return (
    <Modal
      opened={isOpened}
      onClose={onClose}
      title={t('globalSearch.title')}
      closeButtonProps={{ 'aria-label': t('globalSearch.close') }}
      fullScreen={isPhone}
      size="lg"
      yOffset="8vh"
      transitionProps={isInstant ? { duration: 0 } : undefined}
    >
      {isOpened && (
        <SearchPanel
          onShown={onShown}
          links={links}
          onOpen={(path) => {
            onClose();
            onOpen(path);
          }}
        />
      )}
    </Modal>
  );
}

function SearchPanel({ links, onOpen, onShown }: Pick<SearchDialogProps, 'links' | 'onOpen' | 'onShown'>) {
  const { t } = useTranslation();
  // Drawn with the opened dialog: the loader goes in the same paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog is first drawn open.
  useLayoutEffect(() => onShown?.(), []);
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const search = useGlobalSearch(debounced);
  const [active, setActive] = useState<number | null>(null);
  const isLongEnough = debounced.trim().length >= GLOBAL_SEARCH_MIN_CHARS && text.trim().length >= GLOBAL_SEARCH_MIN_CHARS;
  const groups = useMemo(
    () => (isLongEnough && search.data ? searchGroups(search.data, debounced.trim(), links) : []),
    [isLongEnough, search.data, debounced, links],
  );
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const optionId = (index: number) => `${id}-option-${index}`;

  // A new answer starts on its first result, so Enter right after typing opens it.
  useEffect(() => {
    setActive(options.length > 0 ? 0 : null);
  }, [options]);
  useEffect(() => {
    if (active !== null) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(active, event.key, options.length));
    } else if (event.key === 'Enter' && active !== null) {
      event.preventDefault();
      const option = options[active];
      if (option) onOpen(option.path);
    }
  };

  let index = -1;
  const isEmpty = isLongEnough && search.data && !search.isPlaceholderData && options.length === 0;
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        label={t('globalSearch.label')}
        description={t('globalSearch.hint')}
        placeholder={t('globalSearch.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={handleKeyDown}
        leftSection={<SearchIcon />}
        rightSection={search.isFetching ? <Loader size="xs" aria-label={t('app.loading')} /> : null}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active !== null ? optionId(active) : undefined}
        maxLength={100}
      />
      {!isLongEnough && (
        <Text size="sm" c="dimmed">
          {t('globalSearch.minChars', { count: GLOBAL_SEARCH_MIN_CHARS })}
        </Text>
      )}
      {isLongEnough && search.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {isLongEnough && search.isError && (
        <ReadableAlert color="red" role="alert">
          {t('globalSearch.failed', { message: search.error.message })}
        </ReadableAlert>
      )}
      {isEmpty && (
        <Text size="sm" c="dimmed" role="status" data-testid="global-search-empty">
          {t('globalSearch.empty', { text: debounced.trim() })}
        </Text>
      )}
      <Box
        id={listId}
        role="listbox"
        aria-label={t('globalSearch.results')}
        hidden={options.length === 0}
        mah="60vh"
        style={{ overflowY: 'auto' }}
      >
        {groups.map((group) => (
          <Box key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} mb="xs">
            <Text id={`${id}-${group.key}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
              {t(`globalSearch.group.${group.key}`)}
            </Text>
            {group.options.map((option) => {
              index++;
              const i = index;
              return (
                <Box
                  key={option.path}
                  id={optionId(i)}
                  role="option"
                  aria-selected={active === i}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => onOpen(option.path)}
                  px="xs"
                  py={6}
                  style={{
                    cursor: 'pointer',
                    borderRadius: 4,
                    background: active === i ? 'var(--mantine-color-blue-light)' : undefined,
                  }}
                >
                  <OptionLabel option={option} />
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function OptionLabel({ option }: { option: SearchOption }) {
  const { t } = useTranslation();
  switch (option.kind) {
    case 'account':
      return (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate title={option.name}>
            {option.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {option.parent
              ? t('globalSearch.accountIn', { type: t(`account.type.${option.accountType}`), parent: option.parent })
              : t(`account.type.${option.accountType}`)}
          </Text>
        </Group>
      );
    case 'service':
      return (
        <Text size="sm" truncate title={option.name}>
          {option.name}
        </Text>
      );
    case 'order':
      return (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" truncate>
            {option.orderNumber} · {option.company || t('orders.noCompany')}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {option.service} · {t(`orders.status.${option.status}`)}
          </Text>
        </Group>
      );
    case 'seeAll':
      return (
        <Text size="sm" c="blue">
          {t(`globalSearch.seeAll.${option.group}`)}
        </Text>
      );
  }
}
