/**
 * Migration 0059 carries payment callbacks and messages written before partitioning over: every
 * row with its id in its month's partition (or the default one), every message's dedupe key in
 * message_dedupe_keys, ids going on from the last. Run on an empty embedded database brought to
 * 0058 first, whichever database the suite uses.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migration-steps.ts';

let db: PGlite;
let migrate: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply: migrate } = await databaseBefore('0059'));
});
afterAll(() => db.close());

describe('migration 0059 (payment callbacks and messages partitioned by month)', () => {
  it('carries existing callbacks and messages over with their ids, dedupe keys and months', async () => {
    await db.exec(`
      INSERT INTO members (username, password_hash, nickname, invite_code, register_type)
        VALUES ('reader', 'x', 'reader', 'MSG001', 'user');
      INSERT INTO payment_callbacks (gateway, order_no, payload, signature_valid, outcome, created_at) VALUES
        ('simulator', 'P-MARCH', '{"a": 1}', true, 'credited', '2025-03-05T08:00:00Z'),
        ('simulator', 'P-APRIL', '{}', false, 'bad_signature', '2025-03-31T16:30:00Z'),
        ('simulator', NULL, '{}', false, 'bad_request', '2040-01-01T00:00:00Z');
      INSERT INTO messages (member_id, type, title, content, dedupe_key, read_at, deleted_at, created_at)
        SELECT m.id, v.type, v.title, 'c', v.key, v.read::timestamptz, v.deleted::timestamptz, v.at::timestamptz
        FROM members m, (VALUES
          ('system', 'welcome', 'welcome', '2025-03-06T00:00:00Z', NULL, '2025-03-05T08:00:00Z'),
          ('finance', 'deposit', 'deposit:1', NULL, '2025-04-02T00:00:00Z', '2025-03-31T16:30:00Z'),
          ('system', 'note', NULL, NULL, NULL, '2025-04-10T00:00:00Z'),
          ('finance', 'future', 'deposit:2', NULL, NULL, '2040-01-01T00:00:00Z')
        ) AS v(type, title, key, read, deleted, at);`);
    await migrate();

    const callbacks = await db.query<{ id: string; order: string | null; outcome: string; part: string }>(
      `SELECT id::text AS id, order_no AS order, outcome, tableoid::regclass::text AS part
       FROM payment_callbacks ORDER BY id`,
    );
    expect(callbacks.rows).toEqual([
      { id: '1', order: 'P-MARCH', outcome: 'credited', part: 'payment_callbacks_p202503' },
      // Beijing time: 1 April, 00:30.
      { id: '2', order: 'P-APRIL', outcome: 'bad_signature', part: 'payment_callbacks_p202504' },
      // Past the months made ahead: the default partition.
      { id: '3', order: null, outcome: 'bad_request', part: 'payment_callbacks_default' },
    ]);

    const messages = await db.query<{
      id: number;
      title: string;
      key: string | null;
      read: boolean;
      deleted: boolean;
      part: string;
    }>(
      `SELECT id, title, dedupe_key AS key, read_at IS NOT NULL AS read, deleted_at IS NOT NULL AS deleted,
              tableoid::regclass::text AS part
       FROM messages ORDER BY id`,
    );
    expect(messages.rows).toEqual([
      { id: 1, title: 'welcome', key: 'welcome', read: true, deleted: false, part: 'messages_p202503' },
      { id: 2, title: 'deposit', key: 'deposit:1', read: false, deleted: true, part: 'messages_p202504' },
      { id: 3, title: 'note', key: null, read: false, deleted: false, part: 'messages_p202504' },
      { id: 4, title: 'future', key: 'deposit:2', read: false, deleted: false, part: 'messages_default' },
    ]);
    const keys = await db.query<{ key: string; id: number }>(
      `SELECT dedupe_key AS key, message_id AS id FROM message_dedupe_keys ORDER BY message_id`,
    );
    expect(keys.rows).toEqual([
      { key: 'welcome', id: 1 },
      { key: 'deposit:1', id: 2 },
      { key: 'deposit:2', id: 4 },
    ]);

    // Ids go on from the last; a key already taken is refused by its table, in any month.
    const callback = await db.query<{ id: string }>(
      `INSERT INTO payment_callbacks (gateway, payload, signature_valid, outcome)
       VALUES ('simulator', '{}', false, 'bad_request') RETURNING id::text AS id`,
    );
    expect(callback.rows).toEqual([{ id: '4' }]);
    const message = await db.query<{ id: number }>(
      `INSERT INTO messages (member_id, type, title, content) SELECT id, 'system', 'next', 'c' FROM members
       RETURNING id`,
    );
    expect(message.rows).toEqual([{ id: 5 }]);
    await expect(
      db.exec(
        `INSERT INTO message_dedupe_keys (member_id, dedupe_key, message_id, created_at)
         SELECT id, 'welcome', 9, now() FROM members`,
      ),
    ).rejects.toThrow(/duplicate key/);
    // The old identity sequences went with the old tables.
    const sequences = await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relkind = 'S'
         AND relname IN ('messages_id_seq', 'payment_callbacks_id_seq', 'message_ids', 'payment_callback_ids')
       ORDER BY relname`,
    );
    expect(sequences.rows).toEqual([{ name: 'message_ids' }, { name: 'payment_callback_ids' }]);
  });
});
