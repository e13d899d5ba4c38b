import { Button, CloseButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { GLOBAL_SEARCH_MIN_CHARS } from '@portal/contracts';
import { useLayoutEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from '../../../components/ui/readable-alert';
import { SearchIcon } from './search-icon';
import './search-dialog-loader.css';

/**
 * What stands in the search dialog's place while its code is fetched on the first opening: the dialog as it will be,
 * its field disabled with a labelled loader, so the dialog opens at once and does not move when it is ready (the
 * sizes mirror SearchDialog's Modal in search-dialog-loader.css). It takes no focus: the dialog takes it when ready.
 * When the code could not be fetched it says so; trying again reloads the page, as a lazy part's error does (a new
 * version may have replaced the files).
 */
export function SearchDialogLoader({ error, onClose }: { error: Error | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The page does not scroll behind it, as behind the dialog: the dialog is centred in the same width.
  useLayoutEffect(() => {
    const body = document.body.style;
    const before = [body.overflow, body.paddingRight];
    const gap = window.innerWidth - document.documentElement.clientWidth;
    body.overflow = 'hidden';
    if (gap > 0) body.paddingRight = `${gap}px`;
    return () => {
      [body.overflow, body.paddingRight] = before as [string, string];
    };
  }, []);
  return createPortal(
    <div className="search-loader">
      <div className="search-loader-overlay" />
      <div className="search-loader-inner">
        <section
          className="search-loader-content"
          aria-label={t('globalSearch.title')}
          aria-busy={error === null}
          data-testid="global-search-loading"
        >
          <div className="search-loader-header">
            <Text span className="search-loader-title">
              {t('globalSearch.title')}
            </Text>
            <CloseButton onClick={onClose} aria-label={t('globalSearch.close')} />
          </div>
          <Stack gap="sm" className="search-loader-body">
            {error && (
              <ReadableAlert color="red" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('globalSearch.loadFailed', { message: error.message })}</Text>
                  <Button size="xs" variant="default" onClick={() => window.location.reload()}>
                    {t('app.retry')}
                  </Button>
                </Stack>
              </ReadableAlert>
            )}
            <TextInput
              disabled
              label={t('globalSearch.label')}
              description={t('globalSearch.hint')}
              placeholder={t('globalSearch.placeholder')}
              leftSection={<SearchIcon />}
              rightSection={error ? null : <Loader size="xs" aria-label={t('globalSearch.loading')} />}
            />
            <Text size="sm" c="dimmed">
              {t('globalSearch.minChars', { count: GLOBAL_SEARCH_MIN_CHARS })}
            </Text>
          </Stack>
        </section>
      </div>
    </div>,
    document.body,
  );
}
