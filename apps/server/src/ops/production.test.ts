import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../lib/crypto.ts';
import { operators } from '../modules/operators/operators.table.ts';
import { DEMO_OPERATOR } from '../seed/demo.ts';
import { createTestApp, uniqueUsername, type TestApp } from '../test/harness.ts';
import { openIsolatedDatabase } from '../test/isolated-database.ts';
import { seededPasswordProblems } from './production.ts';

let t: TestApp;
let database: Database;
beforeAll(async () => {
  // Every operator of the database is checked: one of this file's own.
  database = await openIsolatedDatabase();
  t = await createTestApp({}, undefined, { database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

describe('seeded passwords under APP_ENV=production', () => {
  it('names each operator still opening with the published password until it is changed', async () => {
    const production = loadConfig({ APP_ENV: 'production' });
    const name = uniqueUsername('boss');
    const seeded = await t.app.services.operators.create({
      ...DEMO_OPERATOR,
      username: name,
      name: '管理员',
      role: 'admin',
    });
    await t.app.services.operators.create({
      username: uniqueUsername('ok'),
      password: 'a-long-private-one',
      name: '财务',
      role: 'finance',
    });

    expect(await seededPasswordProblems(production, t.database.db)).toEqual([
      `operator "${name}" still has the seeded password; change it or disable the account, or set ALLOW_SEEDED_PASSWORDS=true`,
    ]);
    expect(await seededPasswordProblems(loadConfig({}), t.database.db)).toEqual([]);
    expect(
      await seededPasswordProblems(
        loadConfig({ APP_ENV: 'production', ALLOW_SEEDED_PASSWORDS: 'true' }),
        t.database.db,
      ),
    ).toEqual([]);

    await t.database.db
      .update(operators)
      .set({ passwordHash: await hashPassword('changed-after-install') })
      .where(eq(operators.id, seeded.id));
    expect(await seededPasswordProblems(production, t.database.db)).toEqual([]);
  });
});
