// Only the texts of the sign-in page (its second factor and single sign-on, the loaders) are bundled with the app
// (SIGN_IN_TEXTS in vite.config.ts); the rest of en.json is fetched with the first page that needs it
// (loadAllTranslations).
import signInTexts from 'virtual:sign-in-texts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import allTranslationsUrl from '../locales/en.json?url';

i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: signInTexts } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

let allTranslations: Promise<void> | null = null;

/** Fetches every text of the app once (en.json, cached for good under its hashed name); a failure is retried next time. */
export function loadAllTranslations(): Promise<void> {
  allTranslations ??= fetch(allTranslationsUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      i18next.addResourceBundle('en', 'translation', await response.json(), true, true);
    })
    .catch((error: unknown) => {
      allTranslations = null;
      throw error;
    });
  return allTranslations;
}

export default i18next;
