import { ActionIcon, Button, Kbd, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../components/ui/lazy-part';
import type { GlobalSearchLinks } from '../utils/search-options';
import { SearchDialogLoader } from './search-dialog-loader';
import { SearchIcon } from './search-icon';

export interface GlobalSearchProps {
  links: GlobalSearchLinks;
  /** Opens a result (a router path). */
  onOpen: (path: string) => void;
}

// The dialog's code is fetched when the search first opens; pointing at or focusing its button fetches it before.
// Until the dialog has shown once, SearchDialogLoader stands in its place (beside it, not as Suspense's fallback: it
// stays until the dialog is drawn open, so no frame is left without either).
const SearchDialog = lazyPart(() => import('./search-dialog'), 'SearchDialog', { fallback: null });

/**
 * Decision 0054: the header's search. "/" (outside a text field) or Ctrl+K / Cmd+K opens it; the results are a listbox
 * (accounts, services, orders) walked with the arrow keys, Enter opens the active one. Full screen on a phone.
 */
export function GlobalSearch({ links, onOpen }: GlobalSearchProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // Drawn from its first opening on, so that closing it is animated and gives the focus back.
  const [wasOpened, setWasOpened] = useState(false);
  // The dialog has been drawn open once: its code is here, and later openings need no loader.
  const [hasShown, setHasShown] = useState(false);
  const open = () => {
    setOpened(true);
    setWasOpened(true);
  };
  useHotkeys([
    ['mod+K', open],
    ['/', open],
  ]);
  const shortcut = t('globalSearch.shortcut');
  const buttonProps = {
    onClick: open,
    onPointerEnter: SearchDialog.preload,
    onFocus: SearchDialog.preload,
    'aria-keyshortcuts': '/ Control+K Meta+K',
    'aria-label': t('globalSearch.open'),
  };
  return (
    <>
      <Tooltip label={shortcut}>
        <Button
          variant="default"
          size="sm"
          leftSection={<SearchIcon />}
          rightSection={<Kbd size="xs">/</Kbd>}
          visibleFrom="xl"
          fw={400}
          {...buttonProps}
        >
          {t('globalSearch.button')}
        </Button>
      </Tooltip>
      <Tooltip label={shortcut}>
        <ActionIcon variant="default" size="lg" hiddenFrom="xl" {...buttonProps}>
          <SearchIcon />
        </ActionIcon>
      </Tooltip>
      {opened && !hasShown && <SearchDialogLoader onClose={() => setOpened(false)} />}
      {wasOpened && (
        <SearchDialog
          opened={opened}
          onClose={() => setOpened(false)}
          isInstant={!hasShown}
          onShown={() => setHasShown(true)}
          links={links}
          onOpen={onOpen}
        />
      )}
    </>
  );
}
