CREATE TABLE "history_archives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_archives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"table_name" text NOT NULL,
	"month" text NOT NULL,
	"partition_name" text NOT NULL,
	"rows" bigint NOT NULL,
	"amount_sum" bigint NOT NULL,
	"file" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" bigint NOT NULL,
	"archived_at" timestamp with time zone NOT NULL,
	"archived_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_archived_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"first_deposit_entry_id" bigint,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_amount" bigint,
	"deposit" bigint NOT NULL,
	"withdraw" bigint NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"bonus" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_archived_wallets" (
	"wallet_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount_sum" bigint NOT NULL,
	"last_entry_id" bigint NOT NULL,
	"last_balance_after" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "history_archives_table_month_uq" ON "history_archives" USING btree ("table_name","month");