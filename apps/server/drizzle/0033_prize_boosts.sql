CREATE TABLE "order_boosts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"boost_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"cap_per_order" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prize_boosts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_boosts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sport" text,
	"pass_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"vip_min" integer,
	"tag" text,
	"rate_bp" integer NOT NULL,
	"cap_per_order" bigint NOT NULL,
	"budget" bigint NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prize_boosts_rate" CHECK ("prize_boosts"."rate_bp" BETWEEN 1 AND 10000),
	CONSTRAINT "prize_boosts_budget" CHECK ("prize_boosts"."spent" >= 0 AND "prize_boosts"."spent" <= "prize_boosts"."budget"),
	CONSTRAINT "prize_boosts_dates" CHECK ("prize_boosts"."starts_at" < "prize_boosts"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "order_boosts" ADD CONSTRAINT "order_boosts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_boosts" ADD CONSTRAINT "order_boosts_boost_id_prize_boosts_id_fk" FOREIGN KEY ("boost_id") REFERENCES "public"."prize_boosts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_boosts" ADD CONSTRAINT "prize_boosts_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_boosts_boost_idx" ON "order_boosts" USING btree ("boost_id","status");--> statement-breakpoint
CREATE INDEX "prize_boosts_window_idx" ON "prize_boosts" USING btree ("ends_at");