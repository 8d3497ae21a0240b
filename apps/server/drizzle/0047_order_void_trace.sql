ALTER TABLE "lottery_bets" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
-- Bets cancelled or refunded before the column existed: a cancel was only ever the member's own
-- (会员撤单), a refund only the scheduler's for a period whose draw failed.
UPDATE "lottery_bets" SET "cancelled_by" = CASE "status" WHEN 'cancelled' THEN 'member' ELSE 'job:lottery-scheduler' END
  WHERE "status" IN ('cancelled', 'refunded') AND "cancelled_by" IS NULL;
