-- Only keyed entries in the idempotency key's unique index (ledger.table.ts). An entry without a
-- key (a bet's debit, most payouts) was indexed as NULL and never looked up by it; every lookup
-- names a key, which the planner proves not null, so it still uses this index. Uniqueness of keys
-- is unchanged. Builds the index under a SHARE lock: on a large ledger, run it in a quiet hour.
DROP INDEX "ledger_entries_idempotency_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" USING btree ("idempotency_key") WHERE "ledger_entries"."idempotency_key" IS NOT NULL;