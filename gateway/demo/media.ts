/**
 * `/demo media`: the agent sends an image and a voice note on a message (`message.media`) and
 * offers a document (`media.offer`), so the app has something to pull (doc/protocol.md "Media").
 * The files are made in code (`gateway/media/samples.ts`) and stored like uploads.
 */
import { createHash } from 'node:crypto';
import { frame, type MediaKind } from '../../src/lib/protocol/iris';
import type { Hub } from '../hub';
import { makePdf, makePng, makeWav } from '../media/samples';
import { MediaStore } from '../media/store';
import type { Scope } from '../store';
import { registerScenario } from './scenarios';

/** Text of the demo message that carries the image and the voice note. */
export const DEMO_MEDIA_TEXT = 'Here are an image and a voice note, and a document to download.';

function store(hub: Hub, kind: MediaKind, mime: string, filename: string, bytes: Buffer) {
	const item = {
		media_id: `demo_${hub.store.nextMessageId()}`,
		kind,
		mime,
		filename,
		size: bytes.length,
		sha256: createHash('sha256').update(bytes).digest('hex'),
		bytes
	};
	hub.media.put(item);
	return MediaStore.ref(item);
}

async function mediaScenario(hub: Hub, scope: Scope): Promise<void> {
	const emit = (f: Parameters<Hub['broadcast']>[0]) => hub.broadcast(f, { record: true });
	const image = store(hub, 'image', 'image/png', 'gradient.png', makePng(160, 120));
	const voice = store(hub, 'voice', 'audio/wav', 'voice-note.wav', makeWav(800));
	const pdf = store(hub, 'document', 'application/pdf', 'report.pdf', makePdf('Iris demo report'));
	emit(frame('agent.busy', { reason: 'processing' as const }, scope));
	const message = {
		message_id: hub.store.nextMessageId(),
		role: 'assistant' as const,
		text: DEMO_MEDIA_TEXT,
		media: [image, voice],
		ts: hub.clock.next()
	};
	hub.store.add({ scope, message });
	emit(frame('message', message, scope));
	emit(frame('media.offer', pdf, scope));
	emit(frame('agent.idle', {}, scope));
}

registerScenario('media', (hub, scope) => mediaScenario(hub, scope));
