CREATE TABLE "sports_preferences" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"odds_policy" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sports_preferences_odds_policy" CHECK ("sports_preferences"."odds_policy" IN ('any', 'higher', 'none'))
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_suspend_reason" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "in_play" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD COLUMN "live_suspended_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "odds_policy" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "sports_preferences" ADD CONSTRAINT "sports_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_confirming_idx" ON "orders" USING btree ("accept_at") WHERE "orders"."status" = 'confirming';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirming_accept_at" CHECK ("orders"."status" <> 'confirming' OR ("orders"."accept_at" IS NOT NULL AND "orders"."odds_policy" IS NOT NULL));