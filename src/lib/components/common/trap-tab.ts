/**
 * Keep Tab inside a modal `<dialog>`: the page behind is inert, but Chromium still tabs from the
 * dialog's last control out to the browser's own UI. Call from the dialog's `keydown`.
 */
export function trapTab(
	dialog: HTMLElement | undefined,
	event: KeyboardEvent,
	selector = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])'
): void {
	if (event.key !== 'Tab' || !dialog) return;
	const stops = [...dialog.querySelectorAll<HTMLElement>(selector)].filter(
		(el) => !el.hasAttribute('disabled')
	);
	const first = stops[0];
	const last = stops.at(-1);
	if (!first || !last) return;
	const active = document.activeElement;
	if (event.shiftKey ? active === first || active === dialog : active === last) {
		event.preventDefault();
		(event.shiftKey ? last : first).focus();
	}
}
