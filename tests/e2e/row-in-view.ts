import type { Locator } from '@playwright/test';

/**
 * Whether the row of `link` (its parent, a sidebar `li`) is what shows at the top and bottom of
 * the link: laid out, and clipped by no list around it (a list scrolled away, or a list inside
 * another that cuts it off, shows something else there).
 */
export function rowInView(link: Locator): Promise<boolean> {
	return link.evaluate((a) => {
		const box = a.getBoundingClientRect();
		if (box.height === 0) return false;
		const x = box.left + box.width / 2;
		const row = a.parentElement!;
		return [box.top + 2, box.bottom - 2].every((y) => {
			const hit = document.elementFromPoint(x, y);
			return !!hit && row.contains(hit);
		});
	});
}
