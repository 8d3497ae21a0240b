CREATE TABLE "syndicate_holders" (
	"plan_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "syndicate_holders_plan_id_member_id_pk" PRIMARY KEY("plan_id","member_id"),
	CONSTRAINT "syndicate_holders_shares" CHECK ("syndicate_holders"."shares" > 0 AND "syndicate_holders"."amount" > 0 AND "syndicate_holders"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "syndicate_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syndicate_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_no" text NOT NULL,
	"initiator_id" integer NOT NULL,
	"title" text NOT NULL,
	"slip" jsonb NOT NULL,
	"sport" text NOT NULL,
	"pass_type" text NOT NULL,
	"bet_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"shares" integer NOT NULL,
	"share_price" bigint NOT NULL,
	"sold_shares" integer NOT NULL,
	"guarantee_shares" integer NOT NULL,
	"commission_bp" integer NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"max_prize" bigint NOT NULL,
	"order_id" integer,
	"order_no" text,
	"payout" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"failed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "syndicate_plans_shares" CHECK ("syndicate_plans"."shares" > 0 AND "syndicate_plans"."sold_shares" BETWEEN 0 AND "syndicate_plans"."shares" AND "syndicate_plans"."guarantee_shares" >= 0
        AND "syndicate_plans"."share_price" >= 100 AND "syndicate_plans"."total_amount" = "syndicate_plans"."share_price" * "syndicate_plans"."shares"),
	CONSTRAINT "syndicate_plans_commission" CHECK ("syndicate_plans"."commission_bp" BETWEEN 0 AND 1000)
);
--> statement-breakpoint
CREATE TABLE "syndicate_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syndicate_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"shares" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "syndicate_purchases_shares" CHECK ("syndicate_purchases"."shares" > 0 AND "syndicate_purchases"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "syndicate_id" integer;--> statement-breakpoint
ALTER TABLE "syndicate_holders" ADD CONSTRAINT "syndicate_holders_plan_id_syndicate_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."syndicate_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndicate_purchases" ADD CONSTRAINT "syndicate_purchases_plan_id_syndicate_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."syndicate_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "syndicate_holders_member_idx" ON "syndicate_holders" USING btree ("member_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicate_plans_no_uq" ON "syndicate_plans" USING btree ("plan_no");--> statement-breakpoint
CREATE UNIQUE INDEX "syndicate_plans_order_uq" ON "syndicate_plans" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "syndicate_plans_open_idx" ON "syndicate_plans" USING btree ("deadline_at","id") WHERE "syndicate_plans"."status" = 'open';--> statement-breakpoint
CREATE INDEX "syndicate_plans_initiator_idx" ON "syndicate_plans" USING btree ("initiator_id","id");--> statement-breakpoint
CREATE INDEX "syndicate_purchases_plan_idx" ON "syndicate_purchases" USING btree ("plan_id","id");