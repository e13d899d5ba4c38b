import { lazyPage } from '../lazy-page';

/**
 * The 404 page, for the router's unknown addresses and for pages that find their address's id or mode invalid: its
 * code is fetched when a 404 is first shown, so the pages that may show one do not load it with their own code.
 */
export const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');
