-- The ledger, partitioned by month (decision 042). Months are Asia/Shanghai calendar months, as
-- the business's days are: a month's report reads one partition. Existing entries are carried over
-- with their ids; the id comes from a sequence of its own (a partitioned table in PostgreSQL 15
-- takes no identity column). A key's uniqueness across months lives in ledger_entry_keys, since a
-- unique index on a partitioned table must hold the partition key. A default partition takes rows
-- of a month not created yet (a clock far off), so a write never fails for want of a partition.
CREATE SEQUENCE "public"."ledger_entry_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_entry_keys" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Creates the month's partition of a table partitioned by created_at (named <table>_pYYYYMM),
-- unless it exists ('exists') or its default partition already holds rows of that month
-- ('default_holds_rows': an operator moves them first; nothing is created). Used by this
-- migration and by the leader job history-partitions, which keeps months ready ahead.
CREATE OR REPLACE FUNCTION ensure_month_partition(parent text, month date) RETURNS text AS $$
DECLARE
  first_day date := date_trunc('month', month)::date;
  name text := parent || '_p' || to_char(first_day, 'YYYYMM');
  lower_bound timestamptz := first_day::timestamp AT TIME ZONE 'Asia/Shanghai';
  upper_bound timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'Asia/Shanghai';
  busy boolean;
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN 'exists';
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE created_at >= $1 AND created_at < $2)', parent || '_default')
    INTO busy USING lower_bound, upper_bound;
  IF busy THEN
    RETURN 'default_holds_rows';
  END IF;
  -- Made apart and attached: ATTACH takes a SHARE UPDATE EXCLUSIVE lock on the parent, so money
  -- writes go on meanwhile (CREATE TABLE .. PARTITION OF would take an ACCESS EXCLUSIVE one).
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name, parent);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, name, lower_bound, upper_bound);
  RETURN 'created';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME TO "ledger_entries_unpartitioned";--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint DEFAULT nextval('ledger_entry_ids') NOT NULL,
	"wallet_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_before" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"type" text NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"idempotency_key" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "ledger_entries_default" PARTITION OF "ledger_entries" DEFAULT;--> statement-breakpoint
-- Every month holding entries, through three months ahead.
DO $$
DECLARE
  month date;
  first_month date;
  last_month date := (date_trunc('month', now(), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date + interval '3 months';
BEGIN
  SELECT (date_trunc('month', coalesce(min(created_at), now()), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date
    INTO first_month FROM ledger_entries_unpartitioned;
  month := least(first_month, last_month);
  WHILE month <= last_month LOOP
    PERFORM ensure_month_partition('ledger_entries', month);
    month := month + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "ledger_entries" ("id", "wallet_id", "member_id", "amount", "balance_before", "balance_after", "type",
  "reference_type", "reference_id", "idempotency_key", "remark", "created_at")
SELECT "id", "wallet_id", "member_id", "amount", "balance_before", "balance_after", "type",
  "reference_type", "reference_id", "idempotency_key", "remark", "created_at"
FROM "ledger_entries_unpartitioned";--> statement-breakpoint
INSERT INTO "ledger_entry_keys" ("idempotency_key", "entry_id", "created_at")
SELECT "idempotency_key", "id", "created_at" FROM "ledger_entries_unpartitioned" WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
SELECT setval('ledger_entry_ids', coalesce((SELECT max("id") FROM "ledger_entries_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "ledger_entries_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "ledger_entry_ids" OWNED BY "ledger_entries"."id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_nonzero" CHECK ("amount" <> 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_arithmetic" CHECK ("balance_after" = "balance_before" + "amount");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_after_nonneg" CHECK ("balance_after" >= 0);--> statement-breakpoint
CREATE INDEX "ledger_entries_member_idx" ON "ledger_entries" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_idx" ON "ledger_entries" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "ledger_entries" USING btree ("reference_type","reference_id");--> statement-breakpoint
-- Append-only as before (0001): an UPDATE or DELETE of an entry fails, in every partition.
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
