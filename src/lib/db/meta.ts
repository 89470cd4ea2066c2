/** Typed access to the `meta` table (device id, gateway, sync cursor, default channel). */
import type { IrisDB, MetaValues } from './schema';

/** Read one meta value; `undefined` if never set. */
export async function getMeta<K extends keyof MetaValues>(
	db: IrisDB,
	key: K
): Promise<MetaValues[K] | undefined> {
	const row = await db.meta.get(key);
	return row?.value as MetaValues[K] | undefined;
}

/** Write one meta value. */
export async function setMeta<K extends keyof MetaValues>(
	db: IrisDB,
	key: K,
	value: MetaValues[K]
): Promise<void> {
	await db.meta.put({ key, value });
}

/** Remove one meta value. */
export async function deleteMeta(db: IrisDB, key: keyof MetaValues): Promise<void> {
	await db.meta.delete(key);
}
