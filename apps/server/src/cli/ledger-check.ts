import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { bookSizes, findInvariantViolations } from '../modules/ledger/index.ts';

/**
 * Proves the books: exits 0 when every wallet equals the sum of its ledger entries and every
 * entry chains from the one before, 1 otherwise. With PGlite, stop the server first (one
 * process may hold the data directory).
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  try {
    const violations = await findInvariantViolations(database.db);
    const size = await bookSizes(database.db);
    if (violations.length === 0) {
      console.log(`ledger balanced: ${size.wallets} wallets, ${size.entries} entries, 0 violations`);
      return 0;
    }
    for (const v of violations)
      console.error(`wallet ${v.walletId} (member ${v.memberId}, ${v.kind}): ${v.problem}: ${v.detail}`);
    console.error(`ledger NOT balanced: ${violations.length} violation(s)`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
