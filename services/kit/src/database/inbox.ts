import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs `effect` once per `key` (export id + step) however often the work item is delivered:
 * the inbox row and the effect commit together, and a second delivery finds the row and skips.
 * A concurrent duplicate blocks on the row until the first commits, then skips.
 */
export async function runOnce(
  dataSource: DataSource,
  key: string,
  effect: (manager: EntityManager) => Promise<void>,
): Promise<'done' | 'already-done'> {
  const schema = (dataSource.options as { schema?: string }).schema;
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "${schema}"."inbox" ("key") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "key"`,
      [key],
    );
    if (inserted.length === 0) return 'already-done';
    await effect(manager);
    return 'done';
  });
}
