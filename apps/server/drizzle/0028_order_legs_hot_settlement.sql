-- Deciding a leg as a HOT update (sports.table.ts): no index holds status, and half of each page
-- stays free for the decided row (new pages only; rows already written keep their pages). The
-- match index ends in order_id: a match's order ids come from the index alone.
DROP INDEX "order_legs_match_idx";--> statement-breakpoint
CREATE INDEX "order_legs_match_idx" ON "order_legs" USING btree ("match_id","order_id");--> statement-breakpoint
ALTER TABLE "order_legs" SET (fillfactor = 50);
