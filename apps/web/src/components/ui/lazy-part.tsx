import { Button, Center, Loader, type LoaderProps, Stack, Text } from '@mantine/core';
import { Component, type ComponentProps, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadableAlert } from './readable-alert';

/** The loading state of a part whose code (or data) is still on its way: the theme's Loader, a labelled status. */
export function PartLoader(props: LoaderProps) {
  const { t } = useTranslation();
  return <Loader aria-label={t('app.loading')} {...props} />;
}

/** The loading state of a dialog whose code is on its way: the loader where the dialog will open. */
export function DialogLoader() {
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 'var(--mantine-z-index-modal)' }}>
      <PartLoader />
    </Center>
  );
}

/**
 * For a dialog or drawer that is a lazy part drawn from its first opening on: it is drawn closed once and opened right
 * after, so that it notes what had the focus and gives it back on close (Mantine notes it when `opened` changes, not
 * when the dialog is first drawn already open).
 */
export function useOpenedAfterMount(opened: boolean) {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return opened && isMounted;
}

/**
 * A part that could not be shown, most often because its code could not be fetched (offline, or a new version was
 * deployed since this tab opened and the old files are gone). Trying again reloads the page at the same address,
 * which also picks up a new version.
 */
function PartLoadError({ error }: { error: unknown }) {
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

/** Catches what a part throws while loading or rendering; a new reset key (or a new mount) gives it another try. */
class PartErrorBoundary extends Component<
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
    return this.state.error === null ? this.props.children : <PartLoadError error={this.state.error} />;
  }
}

/** A lazy part whose code is already here (preloaded, or drawn before), drawn without suspending. */
function LoadedPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(p: {
  module: M;
  name: K;
  props: ComponentProps<M[K]>;
}) {
  const Loaded = p.module[p.name];
  return <Loaded {...p.props} />;
}

export type LazyPart<P extends object> = ComponentType<P> & {
  /** Starts fetching the part's code (once), e.g. when the user is likely to open it next. */
  preload: () => void;
  /** Fetches the part's code (once); rejects when it cannot be fetched, as drawing the part then shows. */
  load: () => Promise<unknown>;
};

const noResetKey = () => '';

/**
 * A component whose code is fetched when it is first rendered (or preloaded): a page, a tab, a dialog. Meanwhile
 * `fallback` stands in its place (the part loader unless told). A failed fetch shows an error with a way to try
 * again and is not remembered: the next attempt (a new `useResetKey` value, a new mount, or the reload) fetches again.
 * Making one has no side effect (the annotation below tells the bundler): a module that declares a lazy part but whose
 * part nobody uses is left out of the bundle.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  options: { fallback?: ReactNode; useResetKey?: () => string } = {},
): LazyPart<ComponentProps<M[K]>> {
  const fallback = options.fallback ?? <PartLoader />;
  const useResetKey = options.useResetKey ?? noResetKey;
  let pending: Promise<M> | null = null;
  /** The part's module once fetched: from then on the part is drawn at once, with no loader for a frame. */
  let loaded: M | null = null;
  const loadOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const makeLazy = () => lazy(async () => ({ default: (await loadOnce())[name] }));
  // React remembers a failed lazy component: after a failure the next render starts from a new one.
  let Lazy = makeLazy();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, never during a render.
  function Part(props: ComponentProps<M[K]>) {
    const resetKey = useResetKey();
    // Chosen once per mount: switching between the two ways of drawing would draw the part anew and lose its state.
    const [ready] = useState(() => loaded);
    return (
      <PartErrorBoundary
        resetKey={resetKey}
        onReset={() => {
          Lazy = makeLazy();
        }}
      >
        {ready ? (
          <LoadedPart module={ready} name={name} props={props} />
        ) : (
          <Suspense fallback={fallback}>
            <Lazy {...props} />
          </Suspense>
        )}
      </PartErrorBoundary>
    );
  }
  return Object.assign(Part, {
    load: loadOnce,
    preload: () => {
      loadOnce().catch(() => {
        // Preloading is a hint: a failure shows when the part is really opened.
      });
    },
  });
}
