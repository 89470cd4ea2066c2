/**
 * JSON-Schema validators for every Iris v1 frame, built from the spec file itself
 * (`spec/iris-protocol-v1.schema.json`, a verbatim copy of the published spec) so code and
 * contract cannot drift.
 *
 * The spec describes each frame's payload properties but marks none required. `REQUIRED_FIELDS` is
 * our reading (doc/protocol.md): only the keys without which a frame cannot be applied at all.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import spec from '../../../../spec/iris-protocol-v1.schema.json';

/** Direction of a frame: what the app receives, or what the server receives. */
export type Direction = 'server_to_app' | 'app_to_server';

type JsonSchema = Record<string, unknown>;

/**
 * Payload keys that must be present for a frame to be usable, per direction and type. The same
 * type name can mean two frames (`history` request vs page), hence the split by direction.
 */
export const REQUIRED_FIELDS: Readonly<
	Record<Direction, Readonly<Record<string, readonly string[]>>>
> = {
	server_to_app: {
		message: ['message_id'],
		'message.start': ['message_id'],
		'message.update': ['message_id', 'text'],
		'message.stop': ['message_id'],
		commentary: ['text'],
		'tool.start': ['index'],
		'tool.progress': ['index'],
		'tool.end': ['index'],
		typing: ['on'],
		'picker.model': ['picker_id'],
		'picker.choice': ['picker_id'],
		'picker.clarify': ['picker_id'],
		'picker.approval': ['picker_id'],
		'picker.confirm': ['picker_id'],
		'channel.list': ['channels'],
		'channel.created': ['chat_id'],
		'channel.renamed': ['chat_id', 'name'],
		'channel.deleted': ['chat_id'],
		history: ['messages'],
		'commands.catalog': ['commands'],
		'commands.complete': ['matches'],
		'search.results': ['hits'],
		'media.offer': ['media_id'],
		'sync.done': ['cursor'],
		'media.pull.end': ['ok'],
		'read.receipt': ['chat_id', 'message_id']
	},
	app_to_server: {
		hello: ['token', 'device_id'],
		'media.upload.start': ['media_ref', 'kind', 'size'],
		'media.upload.end': ['media_ref', 'sha256'],
		'media.pull': ['media_id'],
		'picker.select': ['picker_id', 'value'],
		'channel.create': ['name'],
		'channel.rename': ['name'],
		search: ['query'],
		'commands.complete': ['prefix'],
		'agent.steer': ['text'],
		'read.receipt': ['chat_id', 'message_id'],
		sync: ['cursor']
	}
};

/**
 * Keys required inside nested items (our reading, doc/protocol.md): a channel needs its `chat_id`,
 * a media ref its `media_id`, a history item or search hit its `message_id`, a command its `name`.
 */
const NESTED_REQUIRED: readonly { type: string; property: string; required: string[] }[] = [
	{ type: 'history', property: 'messages', required: ['message_id'] },
	{ type: 'search.results', property: 'hits', required: ['message_id'] },
	{ type: 'commands.catalog', property: 'commands', required: ['name'] },
	{ type: 'commands.complete', property: 'matches', required: ['name'] }
];

const definitions = structuredClone(spec.definitions) as Record<string, JsonSchema>;
definitions.channel = { ...definitions.channel, required: ['chat_id'] };
definitions.media_ref = { ...definitions.media_ref, required: ['media_id'] };

/** Inbound types the client accepts though the schema lists them only in the other direction. */
const ALSO_INBOUND: Record<string, Direction> = { 'read.receipt': 'app_to_server' };

const frameTypes = spec.frame_types as Record<Direction, Record<string, { payload?: JsonSchema }>>;

/** `map[key]` only if `key` is the map's own: `type` comes off the wire, and a frame typed
 * `constructor` or `__proto__` must be an unknown type, not a lookup on `Object.prototype`. */
function own<V>(map: Readonly<Record<string, V>>, key: string): V | undefined {
	return Object.hasOwn(map, key) ? map[key] : undefined;
}

function payloadSchema(direction: Direction, type: string): JsonSchema | undefined {
	const borrowed = direction === 'server_to_app' ? own(ALSO_INBOUND, type) : undefined;
	const def =
		own(frameTypes[direction], type) ?? (borrowed ? own(frameTypes[borrowed], type) : undefined);
	if (!def) return undefined;
	const payload = structuredClone(def.payload ?? {});
	const required = [...(own(REQUIRED_FIELDS[direction], type) ?? [])];
	if (direction === 'server_to_app') {
		for (const nested of NESTED_REQUIRED.filter((n) => n.type === type)) {
			const array = payload[nested.property] as { items?: JsonSchema } | undefined;
			if (array?.items) array.items = { ...array.items, required: nested.required };
		}
	}
	// A payload that is a bare $ref (channel.created, media.offer): draft-07 ignores siblings of
	// $ref, so the ref goes into allOf and `required` stands beside it.
	if ('$ref' in payload) return { type: 'object', allOf: [payload], required };
	return { type: 'object', properties: payload, required };
}

const ajv = new Ajv({ strict: false, allErrors: false });
const cache = new Map<string, ValidateFunction | null>();

/**
 * The validator for one frame type in one direction, or `null` if the spec has no such frame.
 * Compiled on first use and cached.
 */
export function validatorFor(direction: Direction, type: string): ValidateFunction | null {
	const key = `${direction}:${type}`;
	const hit = cache.get(key);
	if (hit !== undefined) return hit;
	const payload = payloadSchema(direction, type);
	const validate = payload
		? ajv.compile({
				type: 'object',
				definitions,
				required: ['v', 'type', 'payload'],
				properties: {
					...spec.envelope.properties,
					type: { const: type },
					payload
				}
			})
		: null;
	cache.set(key, validate);
	return validate;
}
