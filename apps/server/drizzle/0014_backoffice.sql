CREATE TABLE "manual_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"needs_approval" integer NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"checker_reason" text,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "manual_adjustments_nonzero" CHECK ("manual_adjustments"."amount" <> 0),
	CONSTRAINT "manual_adjustments_checker" CHECK ("manual_adjustments"."checker_id" IS NULL OR "manual_adjustments"."checker_id" <> "manual_adjustments"."maker_id")
);
--> statement-breakpoint
CREATE TABLE "match_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "match_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"orders_affected" integer NOT NULL,
	"net_amount" bigint NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_security" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_suspensions" (
	"match_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_suspensions_match_id_play_type_pk" PRIMARY KEY("match_id","play_type")
);
--> statement-breakpoint
ALTER TABLE "manual_adjustments" ADD CONSTRAINT "manual_adjustments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_adjustments" ADD CONSTRAINT "manual_adjustments_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_adjustments" ADD CONSTRAINT "manual_adjustments_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_corrections" ADD CONSTRAINT "match_corrections_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_security" ADD CONSTRAINT "operator_security_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_suspensions" ADD CONSTRAINT "market_suspensions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_adjustments_member_idx" ON "manual_adjustments" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "manual_adjustments_status_idx" ON "manual_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_corrections_match_uq" ON "match_corrections" USING btree ("match_id");