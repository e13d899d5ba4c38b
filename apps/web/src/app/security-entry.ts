import { ssoBounceTarget } from './sso-bounce';

/**
 * [M2.14] The Security entry page: the identity provider sends the browser back to /v/?code=…&state=…; the query is
 * replaced by the hash route #/sso-auth/{code}/{state} before the router starts, so the code leaves the query string.
 */
const target = ssoBounceTarget(window.location.search);
if (target) window.history.replaceState(null, '', `${window.location.pathname}#${target}`);
