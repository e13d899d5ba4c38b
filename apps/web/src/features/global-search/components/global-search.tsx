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
// It is drawn once its code is here (so it never suspends); until it has been drawn open, SearchDialogLoader stands in
// its place, and goes in the same paint (not Suspense's fallback, which would leave a frame with neither).
const SearchDialog = lazyPart(() => import('./search-dialog'), 'SearchDialog', { fallback: null });

/**
 * Decision 0054: the header's search. "/" (outside a text field) or Ctrl+K / Cmd+K opens it; the results are a listbox
 * (accounts, services, orders) walked with the arrow keys, Enter opens the active one. Full screen on a phone.
 */
export function GlobalSearch({ links, onOpen }: GlobalSearchProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The dialog's code: drawn from the first opening on once it is here, so that closing is animated and gives the
  // focus back; a failed fetch is shown in the loader's place.
  const [code, setCode] = useState<'none' | 'loading' | 'here' | Error>('none');
  // The dialog has been drawn open once: later openings need no loader.
  const [hasShown, setHasShown] = useState(false);
  const open = () => {
    setOpened(true);
    if (code === 'here') return;
    setCode('loading');
    SearchDialog.load().then(
      () => setCode('here'),
      (error: unknown) => setCode(error instanceof Error ? error : new Error(String(error))),
    );
  };
  useHotkeys([
    ['mod+K', open],
    ['/', open],
    // The loader takes no focus; Escape closes it as it closes the dialog.
    ['Escape', () => setOpened(false)],
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
      {opened && !hasShown && <SearchDialogLoader error={code instanceof Error ? code : null} onClose={() => setOpened(false)} />}
      {code === 'here' && (
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
