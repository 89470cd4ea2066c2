/**
 * Slash commands in the built app against the demo agent (doc/agents.md "Commands"): `/model`
 * from the slash menu opens the model picker and the choice names the next answer's model;
 * `/new` starts a conversation whose answers no longer see what came before.
 */
import { composer, expect, lastArticle, pairViaLink, replyTo, sendMessage, test } from './fixtures';

test('/model picks the model of the next answers; /new forgets the conversation', async ({
	page,
	gateway
}) => {
	await pairViaLink(page, gateway);
	await sendMessage(page, 'apple pie');
	await expect(replyTo(page, 'apple pie')).toBeVisible();
	await sendMessage(page, 'banana split');
	await expect(replyTo(page, 'banana split')).toContainText(
		'Earlier in this conversation: 2 messages.'
	);

	// From the slash menu: "/mo", Enter picks "/model ", Enter sends it.
	const box = composer(page);
	await box.click();
	await box.pressSequentially('/mo');
	await expect(page.getByRole('option', { name: /^\/model\b/ })).toBeVisible();
	await box.press('Enter');
	await expect(box).toHaveValue('/model ');
	await box.press('Enter');
	const dialog = page.getByRole('dialog', { name: 'Choose a model', exact: true });
	await expect(dialog.getByRole('button', { name: 'Demo echo (current)' })).toBeVisible();
	const anthropic = dialog.getByRole('group', { name: 'Anthropic', exact: true });
	await anthropic.getByRole('button', { name: 'Claude Haiku', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(lastArticle(page, 'system')).toContainText(
		'Model for this channel: claude-haiku. Later answers here use it.'
	);
	// The command never reached the agent as chat text: no answer quotes it.
	await expect(replyTo(page, '/model')).toHaveCount(0);

	await sendMessage(page, 'cherry tart');
	const cherry = replyTo(page, 'cherry tart');
	await expect(cherry.locator('footer')).toContainText('claude-haiku');
	await expect(cherry).toContainText('Earlier in this conversation: 4 messages');

	await sendMessage(page, '/new');
	await expect(lastArticle(page, 'system')).toContainText(
		'New conversation: the agent no longer sees the messages above this point.'
	);
	await sendMessage(page, 'date cake');
	const date = replyTo(page, 'date cake');
	await expect(date.locator('footer')).toContainText('claude-haiku');
	await expect(date).toContainText('You said:');
	await expect(date).not.toContainText('Earlier in this conversation');
});
