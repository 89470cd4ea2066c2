/**
 * Loads a catalogue on demand (a chunk of its own per locale, so the first render carries only
 * the English messages it uses). Not for the service worker, which cannot import dynamically.
 */
import { hasCatalogue, useCatalogue, type Locale } from './catalogues';

/**
 * Fetch `locale`'s messages if they are not here yet.
 *
 * @throws Error when the chunk cannot be loaded (offline without a cached app).
 */
export async function loadCatalogue(locale: Locale): Promise<void> {
	if (hasCatalogue(locale)) return;
	useCatalogue('zh-CN', await import('./paraglide/messages/zh-CN.js'));
}
