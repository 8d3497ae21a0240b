-- Payment callbacks and members' messages, partitioned by Beijing month as the ledger is
-- (decision 042; ensure_month_partition from 0058). Existing rows are carried over with their ids;
-- each id comes from a sequence of its own (a partitioned table in PostgreSQL 15 takes no identity
-- column). A message's dedupe key stays unique per member across months in message_dedupe_keys,
-- since a unique index on a partitioned table must hold the partition key. Housekeeping drops a
-- callback month whole once it is past its retention; messages are never dropped.
CREATE SEQUENCE "public"."message_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."payment_callback_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "message_dedupe_keys" (
	"member_id" integer NOT NULL,
	"dedupe_key" text NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_dedupe_keys_member_id_dedupe_key_pk" PRIMARY KEY("member_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "payment_callbacks" RENAME TO "payment_callbacks_unpartitioned";--> statement-breakpoint
-- The old table's indexes keep their names until it is dropped: the new ones are made after.
CREATE TABLE "payment_callbacks" (
	"id" bigint DEFAULT nextval('payment_callback_ids') NOT NULL,
	"gateway" text NOT NULL,
	"order_no" text,
	"payload" jsonb NOT NULL,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "payment_callbacks_default" PARTITION OF "payment_callbacks" DEFAULT;--> statement-breakpoint
ALTER TABLE "messages" RENAME TO "messages_unpartitioned";--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer DEFAULT nextval('message_ids') NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "messages_default" PARTITION OF "messages" DEFAULT;--> statement-breakpoint
-- Every month holding rows, through three months ahead, for each table.
DO $$
DECLARE
  month date;
  first_month date;
  last_month date := (date_trunc('month', now(), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date + interval '3 months';
BEGIN
  SELECT (date_trunc('month', coalesce(min(created_at), now()), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date
    INTO first_month FROM payment_callbacks_unpartitioned;
  month := least(first_month, last_month);
  WHILE month <= last_month LOOP
    PERFORM ensure_month_partition('payment_callbacks', month);
    month := month + interval '1 month';
  END LOOP;
  SELECT (date_trunc('month', coalesce(min(created_at), now()), 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')::date
    INTO first_month FROM messages_unpartitioned;
  month := least(first_month, last_month);
  WHILE month <= last_month LOOP
    PERFORM ensure_month_partition('messages', month);
    month := month + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "payment_callbacks" ("id", "gateway", "order_no", "payload", "signature_valid", "outcome", "ip", "created_at")
SELECT "id", "gateway", "order_no", "payload", "signature_valid", "outcome", "ip", "created_at"
FROM "payment_callbacks_unpartitioned";--> statement-breakpoint
SELECT setval('payment_callback_ids', coalesce((SELECT max("id") FROM "payment_callbacks_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "payment_callbacks_unpartitioned";--> statement-breakpoint
INSERT INTO "messages" ("id", "member_id", "type", "title", "content", "link", "dedupe_key", "read_at", "deleted_at", "created_at")
SELECT "id", "member_id", "type", "title", "content", "link", "dedupe_key", "read_at", "deleted_at", "created_at"
FROM "messages_unpartitioned";--> statement-breakpoint
-- The old unique index held one row per (member, key): each is one key row.
INSERT INTO "message_dedupe_keys" ("member_id", "dedupe_key", "message_id", "created_at")
SELECT "member_id", "dedupe_key", "id", "created_at" FROM "messages_unpartitioned" WHERE "dedupe_key" IS NOT NULL;--> statement-breakpoint
SELECT setval('message_ids', coalesce((SELECT max("id") FROM "messages_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "messages_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "payment_callback_ids" OWNED BY "payment_callbacks"."id";--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_no");--> statement-breakpoint
ALTER SEQUENCE "message_ids" OWNED BY "messages"."id";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_id_created_at_pk" PRIMARY KEY("id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_member_idx" ON "messages" USING btree ("member_id","id");
