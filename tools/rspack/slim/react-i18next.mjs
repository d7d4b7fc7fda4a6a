// What the front ends use of react-i18next (see react-router.mjs for why the shared singleton is a
// curated re-export rather than the whole package).
export { useTranslation, initReactI18next, I18nextProvider } from '@pupitre-full/react-i18next';
