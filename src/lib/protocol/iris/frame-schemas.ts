/**
 * The JSON Schema of every Iris v1 frame, built from the spec file itself
 * (`spec/iris-protocol-v1.schema.json`, a verbatim copy of the published spec) so code and
 * contract cannot drift. `scripts/protocol-validators.ts` compiles these into
 * `validators.generated.js` (no code is compiled at run time: the app's CSP has no 'unsafe-eval').
 *
 * The spec describes each frame's payload properties but marks none required. `REQUIRED_FIELDS` is
 * our reading (doc/protocol.md): only the keys without which a frame cannot be applied at all.
 */
import spec from '../../../../spec/iris-protocol-v1.schema.json';

/** Direction of a frame: what the app receives, or what the server receives. */
export type Direction = 'server_to_app' | 'app_to_server';

/** A JSON Schema (draft-07) object. */
export type JsonSchema = Record<string, unknown>;

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

/**
 * The schema of a whole frame (envelope with `type` fixed and its payload) of one type in one
 * direction, or undefined if the spec has no such frame.
 */
export function frameSchema(direction: Direction, type: string): JsonSchema | undefined {
	const payload = payloadSchema(direction, type);
	if (!payload) return undefined;
	return shareDefinitions({
		type: 'object',
		required: ['v', 'type', 'payload'],
		properties: { ...spec.envelope.properties, type: { const: type }, payload }
	});
}

/** The `$id` of the schema that holds the spec's shared definitions. */
export const DEFINITIONS_ID = 'iris-definitions';

/** The spec's shared definitions (channel, media ref, …) as one schema that frames refer to. */
export function definitionsSchema(): JsonSchema {
	return shareDefinitions({ $id: DEFINITIONS_ID, definitions });
}

/**
 * `schema` with every local `#/definitions/…` reference pointing into the definitions schema:
 * compiled once and shared by every frame, instead of a copy inside each.
 */
function shareDefinitions(schema: JsonSchema): JsonSchema {
	return JSON.parse(
		JSON.stringify(schema).replaceAll(
			'"$ref":"#/definitions/',
			`"$ref":"${DEFINITIONS_ID}#/definitions/`
		)
	) as JsonSchema;
}

/** Every `direction:type` the spec (plus `ALSO_INBOUND`) defines a frame for, sorted. */
export function frameSchemaKeys(): string[] {
	const keys = new Set<string>();
	for (const direction of Object.keys(frameTypes) as Direction[])
		for (const type of Object.keys(frameTypes[direction])) keys.add(`${direction}:${type}`);
	for (const type of Object.keys(ALSO_INBOUND)) keys.add(`server_to_app:${type}`);
	return [...keys].sort();
}
