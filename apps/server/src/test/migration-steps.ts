import { readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const folder = new URL('../../drizzle/', import.meta.url);
const files = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();

/** A migration's statements, as drizzle's migrator splits them. */
function statementsOf(file: string): string[] {
  return readFileSync(new URL(file, folder), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim() !== '');
}

/**
 * An empty embedded database brought to just before migration `number` (e.g. '0056'), for a test
 * that writes rows as that schema had them and then runs the migration (`apply`) to see them
 * carried over. Embedded whichever database the suite uses: the migration's SQL is the same.
 */
export async function databaseBefore(number: string): Promise<{ db: PGlite; apply: () => Promise<void> }> {
  const db = await PGlite.create();
  for (const file of files.filter((f) => f < number)) for (const s of statementsOf(file)) await db.exec(s);
  const target = files.find((f) => f.startsWith(number));
  if (!target) throw new Error(`no migration ${number}`);
  return {
    db,
    apply: async () => {
      for (const s of statementsOf(target)) await db.exec(s);
    },
  };
}
