/**
 * The message catalogue (doc/i18n.md): `m.<key>(inputs)` returns the text in the current locale,
 * type-checked against `messages/en.json` (unknown keys and missing inputs fail `npm run check`).
 */
export { m } from './paraglide/messages.js';
export { LOCALES, BASE_LOCALE, isLocale, type Locale } from './catalogues';
