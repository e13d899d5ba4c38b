import type { ComponentProps, ComponentType } from 'react';
import { useLocation } from 'react-router';
import { type LazyPart, lazyPart, PartLoader } from '../components/ui/lazy-part';

/** The loading state of a page whose code is still on its way: the same loader the pages show for their data. */
export function PageLoader() {
  return <PartLoader m="xl" />;
}

export type LazyPage<P extends object> = LazyPart<P>;

/** A new address gives a page that failed another try. */
function usePathname() {
  return useLocation().pathname;
}

/**
 * A route's page whose code is fetched when it is first opened (or preloaded); meanwhile the page loader stands in
 * its place. A failed fetch shows an error with a way to try again and is not remembered: the next attempt (a new
 * address, or the reload) fetches again.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<ComponentProps<M[K]>> {
  return lazyPart(load, name, { fallback: <PageLoader />, useResetKey: usePathname });
}
