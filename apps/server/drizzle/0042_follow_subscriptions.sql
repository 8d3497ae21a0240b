CREATE TABLE "follow_auto_copies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_auto_copies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" integer,
	"stake" bigint,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "follow_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	"daily_cap" bigint NOT NULL,
	"stop_loss" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"end_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "follow_subscriptions_amounts" CHECK ("follow_subscriptions"."value" BETWEEN 1 AND 500 AND "follow_subscriptions"."daily_cap" > 0)
);
--> statement-breakpoint
ALTER TABLE "follow_auto_copies" ADD CONSTRAINT "follow_auto_copies_subscription_id_follow_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."follow_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_auto_copies" ADD CONSTRAINT "follow_auto_copies_post_id_follow_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."follow_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_auto_copies_uq" ON "follow_auto_copies" USING btree ("subscription_id","post_id");--> statement-breakpoint
CREATE INDEX "follow_auto_copies_pending_idx" ON "follow_auto_copies" USING btree ("id") WHERE "follow_auto_copies"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "follow_subscriptions_active_uq" ON "follow_subscriptions" USING btree ("member_id","publisher_id") WHERE "follow_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_subscriptions_publisher_idx" ON "follow_subscriptions" USING btree ("publisher_id") WHERE "follow_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "follow_subscriptions_member_idx" ON "follow_subscriptions" USING btree ("member_id","id");