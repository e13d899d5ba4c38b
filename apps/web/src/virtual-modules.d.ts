/** The sign-in page's branches of en.json (vite.config.ts, SIGN_IN_TEXTS). */
declare module 'virtual:sign-in-texts' {
  const texts: Record<string, unknown>;
  export default texts;
}
