-- Lottery bets, partitioned by Beijing month as the ledger is (decision 042). Existing bets are
-- carried over with their ids, numbers and statuses; the id comes from a sequence of its own (a
-- partitioned table in PostgreSQL 15 takes no identity column). A bet number's uniqueness across
-- months lives in lottery_bet_numbers, since a unique index on a partitioned table must hold the
-- partition key. Every partition keeps half of each page free (fillfactor 50, as migration 0027
-- gave the table) so settlement's updates stay HOT: a partitioned parent takes no fillfactor, so
-- ensure_month_partition now gives a new month the default partition's storage options.
CREATE SEQUENCE "public"."lottery_bet_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "lottery_bet_numbers" (
	"bet_no" text PRIMARY KEY NOT NULL,
	"bet_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- As in 0056, and a new month takes the storage options (reloptions) of the table's default
-- partition: lottery_bets_default carries fillfactor=50, ledger_entries_default none.
CREATE OR REPLACE FUNCTION ensure_month_partition(parent text, month date) RETURNS text AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  name text := parent || '_p' || to_char(first_day, 'YYYYMM');
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'Asia/Shanghai';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai';
  busy boolean;
  options text[];
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN 'exists';
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE created_at >= $1 AND created_at < $2)', parent || '_default')
    INTO busy USING lower_bound, upper_bound;
  IF busy THEN
    RETURN 'default_holds_rows';
  END IF;
  SELECT c.reloptions INTO options FROM pg_class c WHERE c.oid = to_regclass(parent || '_default');
  -- Made apart and attached: ATTACH takes a SHARE UPDATE EXCLUSIVE lock on the parent, so money
  -- writes go on meanwhile (CREATE TABLE .. PARTITION OF would take an ACCESS EXCLUSIVE one).
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)%s', name, parent,
    CASE WHEN options IS NULL THEN '' ELSE format(' WITH (%s)', array_to_string(options, ', ')) END);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, lower_bound, upper_bound);
  RETURN 'created';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "lottery_bets" RENAME TO "lottery_bets_unpartitioned";--> statement-breakpoint
CREATE TABLE "lottery_bets" (
	"id" integer DEFAULT nextval('lottery_bet_ids') NOT NULL,
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
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"syndicate_id" integer
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "lottery_bets_default" PARTITION OF "lottery_bets" DEFAULT WITH (fillfactor = 50);--> statement-breakpoint
-- Every month holding bets, through three months ahead (each with fillfactor 50, from the default).
DO $$
DECLARE
  month date;
  first_month date;
  last_month date := (date_trunc('month', now(), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date + interval '3 months';
BEGIN
  SELECT (date_trunc('month', coalesce(min(created_at), now()), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date
    INTO first_month FROM lottery_bets_unpartitioned;
  month := least(first_month, last_month);
  WHILE month <= last_month LOOP
    PERFORM ensure_month_partition('lottery_bets', month);
    month := month + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "lottery_bets" ("id", "bet_no", "member_id", "lottery_code", "period_id", "play_code", "codes",
  "item_count", "multiple", "unit_fen", "amount", "odds", "status", "payout", "winning_items", "cancel_reason",
  "cancelled_by", "created_at", "settled_at", "syndicate_id")
SELECT "id", "bet_no", "member_id", "lottery_code", "period_id", "play_code", "codes",
  "item_count", "multiple", "unit_fen", "amount", "odds", "status", "payout", "winning_items", "cancel_reason",
  "cancelled_by", "created_at", "settled_at", "syndicate_id"
FROM "lottery_bets_unpartitioned";--> statement-breakpoint
INSERT INTO "lottery_bet_numbers" ("bet_no", "bet_id", "created_at")
SELECT "bet_no", "id", "created_at" FROM "lottery_bets_unpartitioned";--> statement-breakpoint
SELECT setval('lottery_bet_ids', coalesce((SELECT max("id") FROM "lottery_bets_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "lottery_bets_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "lottery_bet_ids" OWNED BY "lottery_bets"."id";--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_period_id_lottery_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."lottery_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Unqualified columns: a check on a partitioned table is copied to each partition by name.
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_amounts" CHECK ("amount" = "item_count" * "unit_fen" * "multiple" AND "amount" > 0 AND "payout" >= 0);--> statement-breakpoint
-- The hot indexes, per partition; still none holds what settlement writes (migration 0027).
CREATE INDEX "lottery_bets_syndicate_idx" ON "lottery_bets" USING btree ("syndicate_id") WHERE "syndicate_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lottery_bets_period_idx" ON "lottery_bets" USING btree ("period_id","member_id","id");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_idx" ON "lottery_bets" USING btree ("member_id","id");
