import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrationsFolder } from '../db/client.ts';

/**
 * The dump every PGlite test file boots from (global-setup.ts, writeTestDump) is cut down: no
 * template databases, one short WAL segment. A database booted from it is the migrated one, and
 * goes on past the segment's end and past several more, through a checkpoint, a dump and a reload.
 */
describe.runIf(process.env.TEST_DB === 'pglite')('the test dump', () => {
  it('boots migrated, writes past its short WAL segment, and dumps and reloads what it wrote', async () => {
    const dump = readFileSync(inject('pgliteDump'));
    // The figure it was cut for: a 49 MB dump as PGlite writes it.
    expect(dump.length).toBeLessThan(20 * 1024 * 1024);
    const db = new PGlite({ loadDataDir: new Blob([dump]) });
    try {
      const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as {
        entries: unknown[];
      };
      const [applied] = (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      ).rows;
      expect(applied?.n).toBe(journal.entries.length);
      expect((await db.query('SELECT datname FROM pg_database')).rows).toEqual([{ datname: 'postgres' }]);

      const lsn = async () =>
        (await db.query<{ at: string }>("SELECT pg_current_wal_lsn() - '0/0' AS at")).rows[0]!.at;
      const before = BigInt(await lsn());
      await db.exec('CREATE TABLE wal_probe (id serial PRIMARY KEY, v text)');
      await db.exec("INSERT INTO wal_probe (v) SELECT repeat('a', 200) FROM generate_series(1, 40000)");
      await db.exec('CHECKPOINT');
      await db.exec("INSERT INTO wal_probe (v) SELECT repeat('b', 200) FROM generate_series(1, 40000)");
      // Past the end of the segment it started in (16 MB), by a segment at least.
      expect(BigInt(await lsn()) - before).toBeGreaterThan(16n * 1024n * 1024n);
      const again = await db.dumpDataDir('none');
      const reloaded = new PGlite({ loadDataDir: again });
      try {
        const [row] = (
          await reloaded.query<{ a: number; b: number }>(
            "SELECT count(*) FILTER (WHERE v LIKE 'a%')::int AS a, count(*) FILTER (WHERE v LIKE 'b%')::int AS b FROM wal_probe",
          )
        ).rows;
        expect(row).toEqual({ a: 40000, b: 40000 });
      } finally {
        await reloaded.close();
      }
    } finally {
      await db.close();
    }
  });
});
