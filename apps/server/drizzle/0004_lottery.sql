CREATE TABLE "lottery_bets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bet_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"lottery_code" text NOT NULL,
	"period_id" integer NOT NULL,
	"play_code" text NOT NULL,
	"codes" text NOT NULL,
	"item_count" integer NOT NULL,
	"multiple" integer NOT NULL,
	"unit_fen" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"odds" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"winning_items" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_amounts" CHECK ("lottery_bets"."amount" = "lottery_bets"."item_count" * "lottery_bets"."unit_fen" * "lottery_bets"."multiple" AND "lottery_bets"."amount" > 0 AND "lottery_bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lottery_code" text NOT NULL,
	"number" text NOT NULL,
	"open_at" timestamp with time zone NOT NULL,
	"close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"open_code" text,
	"drawn_at" timestamp with time zone,
	"cancel_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_periods_window" CHECK ("lottery_periods"."open_at" < "lottery_periods"."draw_at" AND "lottery_periods"."close_at" <= "lottery_periods"."draw_at"),
	CONSTRAINT "lottery_periods_commitment" CHECK ("lottery_periods"."commitment" = encode(sha256(convert_to("lottery_periods"."seed", 'UTF8')), 'hex')),
	CONSTRAINT "lottery_periods_open_code" CHECK (("lottery_periods"."status" = 'drawn') = ("lottery_periods"."open_code" IS NOT NULL AND "lottery_periods"."drawn_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_notices" ADD CONSTRAINT "lottery_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_notices" ADD CONSTRAINT "lottery_notices_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD CONSTRAINT "lottery_periods_lottery_code_lottery_games_code_fk" FOREIGN KEY ("lottery_code") REFERENCES "public"."lottery_games"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_bets_bet_no_uq" ON "lottery_bets" USING btree ("bet_no");--> statement-breakpoint
CREATE INDEX "lottery_bets_period_idx" ON "lottery_bets" USING btree ("period_id","status","member_id","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_notices_member_period_uq" ON "lottery_notices" USING btree ("member_id","period_id");--> statement-breakpoint
CREATE INDEX "lottery_notices_member_idx" ON "lottery_notices" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_periods_number_uq" ON "lottery_periods" USING btree ("lottery_code","number");--> statement-breakpoint
CREATE INDEX "lottery_periods_draw_idx" ON "lottery_periods" USING btree ("lottery_code","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_periods_status_idx" ON "lottery_periods" USING btree ("status","draw_at");