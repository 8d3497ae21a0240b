-- 竞彩 orders and their legs, partitioned by Beijing month as the ledger and lottery bets are
-- (decision 042; ensure_month_partition from 0058). Existing rows are carried over with their ids;
-- each id comes from a sequence of its own (a partitioned table in PostgreSQL 15 takes no identity
-- column). A leg carries its order's created_at, so an order and its legs share a month and the
-- leg's foreign key names both. An order number's uniqueness across months lives in order_numbers
-- (a unique index on a partitioned table must hold the partition key), and the tables that point
-- at an order (晒单, 跟单 commissions, exposure, boosts, cash-outs) now point at its row there.
-- Every partition keeps half of each page free (fillfactor 50, as 0028 and 0029 gave the tables):
-- the default partitions carry it and ensure_month_partition copies it to each new month.
CREATE SEQUENCE "public"."order_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."order_leg_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"order_no" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_numbers_order_id_uq" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "order_legs" DROP CONSTRAINT "order_legs_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "book_order_exposure" DROP CONSTRAINT "book_order_exposure_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_boosts" DROP CONSTRAINT "order_boosts_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "cash_out_requests" DROP CONSTRAINT "cash_out_requests_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "cash_outs" DROP CONSTRAINT "cash_outs_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "follow_commissions" DROP CONSTRAINT "follow_commissions_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "follow_posts" DROP CONSTRAINT "follow_posts_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME TO "orders_unpartitioned";--> statement-breakpoint
ALTER TABLE "order_legs" RENAME TO "order_legs_unpartitioned";--> statement-breakpoint
-- The old tables' indexes and checks keep their names until they are dropped: the new ones are made after.
CREATE TABLE "orders" (
	"id" integer DEFAULT nextval('order_ids') NOT NULL,
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"sport" text NOT NULL,
	"bet_mode" text NOT NULL,
	"pass_type" text NOT NULL,
	"multiple" integer NOT NULL,
	"multiples" integer[],
	"match_count" integer NOT NULL,
	"bet_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"max_prize" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"accept_at" timestamp with time zone,
	"confirm_due_at" timestamp with time zone,
	"odds_policy" text,
	"reject_reason" text,
	"free_bet_id" integer,
	"cashed_out_stake" bigint DEFAULT 0 NOT NULL,
	"cashed_out_amount" bigint DEFAULT 0 NOT NULL,
	"follow_post_id" integer,
	"syndicate_id" integer
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "orders_default" PARTITION OF "orders" DEFAULT WITH (fillfactor = 50);--> statement-breakpoint
CREATE TABLE "order_legs" (
	"id" integer DEFAULT nextval('order_leg_ids') NOT NULL,
	"order_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"position" smallint NOT NULL,
	"match_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"option_key" text NOT NULL,
	"odds" text NOT NULL,
	"line" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"in_play" boolean DEFAULT false NOT NULL,
	"live_suspended_seen_at" timestamp with time zone
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "order_legs_default" PARTITION OF "order_legs" DEFAULT WITH (fillfactor = 50);--> statement-breakpoint
-- Every month holding orders, through three months ahead, for both tables (legs live in their order's month).
DO $$
DECLARE
  month date;
  first_month date;
  last_month date := (date_trunc('month', now(), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date + interval '3 months';
BEGIN
  SELECT (date_trunc('month', coalesce(min(created_at), now()), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date
    INTO first_month FROM orders_unpartitioned;
  month := least(first_month, last_month);
  WHILE month <= last_month LOOP
    PERFORM ensure_month_partition('orders', month);
    PERFORM ensure_month_partition('order_legs', month);
    month := month + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "orders" ("id", "order_no", "member_id", "sport", "bet_mode", "pass_type", "multiple", "multiples",
  "match_count", "bet_count", "total_amount", "max_prize", "payout", "status", "created_at", "settled_at", "accept_at",
  "confirm_due_at", "odds_policy", "reject_reason", "free_bet_id", "cashed_out_stake", "cashed_out_amount",
  "follow_post_id", "syndicate_id")
SELECT "id", "order_no", "member_id", "sport", "bet_mode", "pass_type", "multiple", "multiples",
  "match_count", "bet_count", "total_amount", "max_prize", "payout", "status", "created_at", "settled_at", "accept_at",
  "confirm_due_at", "odds_policy", "reject_reason", "free_bet_id", "cashed_out_stake", "cashed_out_amount",
  "follow_post_id", "syndicate_id"
FROM "orders_unpartitioned";--> statement-breakpoint
-- The old unique index held one row per number: each is one number row.
INSERT INTO "order_numbers" ("order_no", "order_id", "created_at")
SELECT "order_no", "id", "created_at" FROM "orders_unpartitioned";--> statement-breakpoint
INSERT INTO "order_legs" ("id", "order_id", "created_at", "position", "match_id", "play_type", "option_key", "odds",
  "line", "status", "settled_at", "in_play", "live_suspended_seen_at")
SELECT l."id", l."order_id", o."created_at", l."position", l."match_id", l."play_type", l."option_key", l."odds",
  l."line", l."status", l."settled_at", l."in_play", l."live_suspended_seen_at"
FROM "order_legs_unpartitioned" l JOIN "orders_unpartitioned" o ON o."id" = l."order_id";--> statement-breakpoint
SELECT setval('order_ids', coalesce((SELECT max("id") FROM "orders_unpartitioned"), 0) + 1, false);--> statement-breakpoint
SELECT setval('order_leg_ids', coalesce((SELECT max("id") FROM "order_legs_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "order_legs_unpartitioned";--> statement-breakpoint
DROP TABLE "orders_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "order_ids" OWNED BY "orders"."id";--> statement-breakpoint
ALTER SEQUENCE "order_leg_ids" OWNED BY "order_legs"."id";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Unqualified columns: a check on a partitioned table is copied to each partition by name.
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirming_accept_at" CHECK ("status" <> 'confirming' OR ("accept_at" IS NOT NULL AND "odds_policy" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirm_due" CHECK (("status" = 'confirming') = ("confirm_due_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonneg" CHECK ("total_amount" > 0 AND "payout" >= 0);--> statement-breakpoint
-- The hot indexes, per partition; still none holds what settlement writes (migrations 0028, 0029).
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_follow_post_idx" ON "orders" USING btree ("follow_post_id") WHERE "follow_post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_confirm_due_idx" ON "orders" USING btree ("confirm_due_at","id") WHERE "confirm_due_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_order_fk" FOREIGN KEY ("order_id","created_at") REFERENCES "public"."orders"("id","created_at") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_legs_match_idx" ON "order_legs" USING btree ("match_id","order_id");--> statement-breakpoint
CREATE INDEX "order_legs_order_idx" ON "order_legs" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "book_order_exposure" ADD CONSTRAINT "book_order_exposure_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_boosts" ADD CONSTRAINT "order_boosts_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_out_requests" ADD CONSTRAINT "cash_out_requests_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_commissions" ADD CONSTRAINT "follow_commissions_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_posts" ADD CONSTRAINT "follow_posts_order_id_order_numbers_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_numbers"("order_id") ON DELETE no action ON UPDATE no action;
