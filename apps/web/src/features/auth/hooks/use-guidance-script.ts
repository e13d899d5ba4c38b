import { useEffect } from 'react';

/**
 * [M6.18] Loads the operator's third-party guidance script once. The server withholds its URL in impersonated
 * sessions, and starting or ending an impersonation reloads the page, so a script loaded before never runs in the
 * impersonated session.
 */
export function useGuidanceScript(url: string | null | undefined) {
  useEffect(() => {
    if (!url || document.querySelector(`script[data-guidance]`)) return;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.guidance = 'true';
    document.head.appendChild(script);
  }, [url]);
}
