ALTER TABLE "lottery_bets" ADD COLUMN "syndicate_id" integer;--> statement-breakpoint
ALTER TABLE "syndicate_plans" ADD COLUMN "game" text DEFAULT 'sports' NOT NULL;--> statement-breakpoint
CREATE INDEX "lottery_bets_syndicate_idx" ON "lottery_bets" USING btree ("syndicate_id") WHERE "lottery_bets"."syndicate_id" IS NOT NULL;