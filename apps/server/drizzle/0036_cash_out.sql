CREATE TABLE "cash_out_rules" (
	"sport" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"margin_bp" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_out_rules_margin" CHECK ("cash_out_rules"."margin_bp" BETWEEN 0 AND 5000)
);
--> statement-breakpoint
CREATE TABLE "cash_outs" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fair" bigint NOT NULL,
	"margin_bp" integer NOT NULL,
	"accepted" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_outs_amount" CHECK ("cash_outs"."amount" > 0 AND "cash_outs"."amount" <= "cash_outs"."fair")
);
--> statement-breakpoint
CREATE TABLE "match_cash_out_off" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_out_rules" ADD CONSTRAINT "cash_out_rules_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_cash_out_off" ADD CONSTRAINT "match_cash_out_off_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_cash_out_off" ADD CONSTRAINT "match_cash_out_off_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_outs_member_idx" ON "cash_outs" USING btree ("member_id","created_at");