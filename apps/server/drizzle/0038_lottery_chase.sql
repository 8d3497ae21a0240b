CREATE TABLE "lottery_chase_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_chase_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chase_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"lottery_code" text NOT NULL,
	"period_number" text NOT NULL,
	"multiple" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"bet_ids" integer[],
	"payout" bigint DEFAULT 0 NOT NULL,
	"message" text,
	"placed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lottery_chase_periods_amount" CHECK ("lottery_chase_periods"."amount" > 0 AND "lottery_chase_periods"."multiple" > 0 AND "lottery_chase_periods"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lottery_chases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_chases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chase_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"lottery_code" text NOT NULL,
	"lines" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"periods" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"stop_rule" text NOT NULL,
	"stop_over" bigint,
	"status" text DEFAULT 'running' NOT NULL,
	"stop_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "lottery_chases_amounts" CHECK ("lottery_chases"."stake" > 0 AND "lottery_chases"."total_amount" > 0 AND "lottery_chases"."periods" BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "lottery_chase_periods" ADD CONSTRAINT "lottery_chase_periods_chase_id_lottery_chases_id_fk" FOREIGN KEY ("chase_id") REFERENCES "public"."lottery_chases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chases" ADD CONSTRAINT "lottery_chases_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_chase_periods_seq_uq" ON "lottery_chase_periods" USING btree ("chase_id","seq");--> statement-breakpoint
CREATE INDEX "lottery_chase_periods_waiting_idx" ON "lottery_chase_periods" USING btree ("lottery_code","period_number") WHERE "lottery_chase_periods"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "lottery_chase_periods_placed_idx" ON "lottery_chase_periods" USING btree ("id") WHERE "lottery_chase_periods"."status" = 'placed';--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_chases_no_uq" ON "lottery_chases" USING btree ("chase_no");--> statement-breakpoint
CREATE INDEX "lottery_chases_member_idx" ON "lottery_chases" USING btree ("member_id","id");