-- Anchor A of `npm run bench`: the database's own rate for the shape of one money write.
-- One transaction: lock a wallet row, change its balance, append a history row.
-- Run by bench/run.ts as: pgbench -n -f anchors/wallet.sql -D rows=N -c 50 -j 2 -T S
-- on the database jingcai_bench_anchor (tables bench_wallets, bench_wallet_history made by run.ts).
\set wid random(1, :rows)
\set amount random(-100, 100)
BEGIN;
SELECT balance FROM bench_wallets WHERE id = :wid FOR UPDATE;
UPDATE bench_wallets SET balance = balance + :amount WHERE id = :wid;
INSERT INTO bench_wallet_history (wallet_id, amount, created_at) VALUES (:wid, :amount, now());
END;
