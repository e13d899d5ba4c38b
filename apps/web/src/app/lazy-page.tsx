import { Button, Loader, Stack, Text } from '@mantine/core';
import { Component, type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ReadableAlert } from '../components/ui/readable-alert';

/** The loading state of a page whose code is still on its way: the same loader the pages show for their data. */
export function PageLoader() {
  const { t } = useTranslation();
  return <Loader aria-label={t('app.loading')} m="xl" />;
}

/**
 * A page that could not be shown, most often because its code could not be fetched (offline, or a new version was
 * deployed since this tab opened and the old files are gone). Trying again reloads the page at the same address,
 * which also picks up a new version.
 */
function PageLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Stack m="xl" maw={640}>
      <ReadableAlert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('app.loadFailed', { message })}</Text>
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </Button>
        </Stack>
      </ReadableAlert>
    </Stack>
  );
}

/** Catches what a page throws while loading or rendering; a new address gives the page another try. */
class PageErrorBoundary extends Component<
  { resetKey: string; onReset: () => void; children: ReactNode },
  { error: unknown; resetKey: string }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; resetKey: string },
  ): Partial<{ error: unknown; resetKey: string }> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch() {
    this.props.onReset();
  }

  override render() {
    return this.state.error === null ? this.props.children : <PageLoadError error={this.state.error} />;
  }
}

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts fetching the page's code (once), e.g. when the user is likely to open it next. */
  preload: () => void;
};

/**
 * A route's page whose code is fetched when it is first opened (or preloaded); meanwhile the page loader stands in
 * its place. A failed fetch shows an error with a way to try again and is not remembered: the next attempt (a new
 * address, or the reload) fetches again.
 */
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<ComponentProps<M[K]>> {
  let pending: Promise<M> | null = null;
  const loadOnce = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const makeLazy = () => lazy(async () => ({ default: (await loadOnce())[name] }));
  // React remembers a failed lazy component: after a failure the next render starts from a new one.
  let Lazy = makeLazy();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, never during a render.
  function Page(props: ComponentProps<M[K]>) {
    const { pathname } = useLocation();
    return (
      <PageErrorBoundary
        resetKey={pathname}
        onReset={() => {
          Lazy = makeLazy();
        }}
      >
        <Suspense fallback={<PageLoader />}>
          <Lazy {...props} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return Object.assign(Page, {
    preload: () => {
      loadOnce().catch(() => {
        // Preloading is a hint: a failure shows when the page is really opened.
      });
    },
  });
}
