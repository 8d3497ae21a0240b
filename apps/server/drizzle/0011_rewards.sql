CREATE TABLE "rebate_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rebate_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"category" text NOT NULL,
	"bet_id" bigint NOT NULL,
	"bet_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rebate_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rebate_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"category" text NOT NULL,
	"bet_date" text NOT NULL,
	"vip_level" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"valid_bet" bigint NOT NULL,
	"bet_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'claimable' NOT NULL,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "rebate_records_amount_positive" CHECK ("rebate_records"."amount" > 0 AND "rebate_records"."valid_bet" > 0 AND "rebate_records"."bet_count" > 0),
	CONSTRAINT "rebate_records_claim" CHECK (("rebate_records"."status" = 'claimed') = ("rebate_records"."claimed_at" IS NOT NULL AND "rebate_records"."ledger_entry_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "vip_upgrades" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vip_upgrades_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"from_level" integer NOT NULL,
	"level" integer NOT NULL,
	"bonus" bigint NOT NULL,
	"bonus_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rebate_items" ADD CONSTRAINT "rebate_items_record_id_rebate_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."rebate_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_records" ADD CONSTRAINT "rebate_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_upgrades" ADD CONSTRAINT "vip_upgrades_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_items_bet_uq" ON "rebate_items" USING btree ("category","bet_id");--> statement-breakpoint
CREATE INDEX "rebate_items_record_idx" ON "rebate_items" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "rebate_records_member_idx" ON "rebate_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "rebate_records_member_status_idx" ON "rebate_records" USING btree ("member_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_upgrades_member_level_uq" ON "vip_upgrades" USING btree ("member_id","level");