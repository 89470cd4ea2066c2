/**
 * The page's colour theme as state: Settings › Appearance reads and changes it; the choice is
 * applied to the document and remembered at once (platform/theme.ts).
 */
import { applyTheme, storedTheme, storeTheme, type ThemeChoice } from '$lib/platform/theme';

/** The theme choice and its switch. */
class ThemeState {
	/** The current choice (`system`: follow the OS). */
	current = $state<ThemeChoice>(storedTheme());

	/** Switch to `choice`, apply it and remember it. */
	set(choice: ThemeChoice): void {
		this.current = choice;
		applyTheme(choice);
		storeTheme(choice);
	}
}

/** The one theme state of the page. */
export const theme = new ThemeState();
