CREATE TABLE "control_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "control_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"permission" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_id" integer NOT NULL,
	"maker_reason" text NOT NULL,
	"checker_id" integer,
	"checker_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "control_changes_checker" CHECK ("control_changes"."checker_id" IS NULL OR "control_changes"."checker_id" <> "control_changes"."maker_id")
);
--> statement-breakpoint
CREATE TABLE "solo_money_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "solo_money_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "solo_money_moves_positive" CHECK ("solo_money_moves"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "declared_usdt_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "credited_amount" bigint;--> statement-breakpoint
ALTER TABLE "control_changes" ADD CONSTRAINT "control_changes_maker_id_operators_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "control_changes" ADD CONSTRAINT "control_changes_checker_id_operators_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_money_moves" ADD CONSTRAINT "solo_money_moves_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solo_money_moves" ADD CONSTRAINT "solo_money_moves_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "control_changes_status_idx" ON "control_changes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "control_changes_target_idx" ON "control_changes" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "solo_money_moves_day_idx" ON "solo_money_moves" USING btree ("operator_id","member_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "solo_money_moves_reference_uq" ON "solo_money_moves" USING btree ("reference","member_id");