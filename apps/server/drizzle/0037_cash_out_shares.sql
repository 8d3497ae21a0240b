CREATE TABLE "cash_out_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cash_out_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"accepted" bigint NOT NULL,
	"odds_policy" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decide_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"amount" bigint,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cash_outs" DROP CONSTRAINT "cash_outs_pkey";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cashed_out_stake" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cashed_out_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "cash_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "cash_outs" ADD COLUMN "shares" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD COLUMN "shares_of" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD COLUMN "stake" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "cash_outs" SET "stake" = "orders"."total_amount" FROM "orders" WHERE "orders"."id" = "cash_outs"."order_id";--> statement-breakpoint
ALTER TABLE "cash_out_requests" ADD CONSTRAINT "cash_out_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_out_requests_waiting_uq" ON "cash_out_requests" USING btree ("order_id") WHERE "cash_out_requests"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "cash_out_requests_due_idx" ON "cash_out_requests" USING btree ("decide_at","id") WHERE "cash_out_requests"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "cash_outs_order_idx" ON "cash_outs" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_shares" CHECK ("cash_outs"."shares" BETWEEN 1 AND "cash_outs"."shares_of");