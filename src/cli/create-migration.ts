/**
 * Development step: writes a migration for the difference between the entities and the
 * database at DATABASE_URL (which must be migrated to the latest checked-in migration first).
 *   npm run migration:create
 */
import { loadConfig } from '../../config/config.ts';
import { createOrm, migrate } from '../platform/database.ts';
import { allEntities } from '../entities.ts';

const config = loadConfig(process.env);
const orm = await createOrm({ url: config.DATABASE_URL, poolMax: 2, entities: allEntities });
try {
  await migrate(orm, config.DATABASE_URL);
  const pending = await orm.migrator.getExecuted();
  const result = pending.length === 0 ? await orm.migrator.createInitial() : await orm.migrator.create();
  console.log(result.diff.up.length === 0 ? 'no changes' : `wrote ${result.fileName}`);
} finally {
  await orm.close();
}
