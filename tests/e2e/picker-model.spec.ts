import { expect, lastArticle, pairViaLink, sendMessage, test } from './fixtures';

test('model picker: providers with their models, the current one marked', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo model');
	const dialog = page.getByRole('dialog', { name: 'Choose a model', exact: true });
	const anthropic = dialog.getByRole('group', { name: 'Anthropic', exact: true });
	await expect(anthropic.getByRole('button')).toHaveText([
		'Claude Sonnet (current)',
		'Claude Haiku'
	]);
	await expect(anthropic.getByRole('button', { name: /Claude Sonnet/ })).toHaveAttribute(
		'aria-current',
		'true'
	);
	const local = dialog.getByRole('group', { name: 'Local', exact: true });
	await local.getByRole('button', { name: 'Hermes 3 8B', exact: true }).click();
	await gateway.waitForLine(/picker\.select .*"value":"local:hermes-3-8b"/);
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('Model switched to local:hermes-3-8b');
	await expect(lastArticle(page, 'assistant')).toContainText('you chose: Hermes 3 8B');
});

test('choice and clarify pickers: a listed choice, and free text', async ({ page, gateway }) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, '/demo choice');
	const choice = page.getByRole('dialog', { name: 'Answer format', exact: true });
	await choice.getByRole('button', { name: 'Bullet points', exact: true }).click();
	await expect(lastArticle(page, 'assistant')).toContainText('You chose bullets.');

	await sendMessage(page, '/demo clarify');
	const clarify = page.getByRole('dialog', {
		name: 'Which language should the script use?',
		exact: true
	});
	await expect(clarify.getByRole('button', { name: 'Python', exact: true })).toBeVisible();
	await clarify.getByRole('textbox', { name: 'Your answer' }).fill('Rust');
	await clarify.getByRole('button', { name: 'Answer', exact: true }).click();
	await expect(clarify).toBeHidden();
	await expect(lastArticle(page, 'assistant')).toContainText('I will write it in Rust.');
});
