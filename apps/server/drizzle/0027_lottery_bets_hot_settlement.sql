-- Settling a lottery bet as a HOT update (lottery.table.ts): no index holds status, and half of each
-- page stays free for the settled row (new pages only; rows already written keep their pages).
DROP INDEX "lottery_bets_period_idx";--> statement-breakpoint
CREATE INDEX "lottery_bets_period_idx" ON "lottery_bets" USING btree ("period_id","member_id","id");--> statement-breakpoint
ALTER TABLE "lottery_bets" SET (fillfactor = 50);
