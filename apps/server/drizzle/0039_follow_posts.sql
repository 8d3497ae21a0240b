CREATE TABLE "follow_commissions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"copier_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_commissions_amount" CHECK ("follow_commissions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "follow_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"comment" text NOT NULL,
	"commission_bp" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_posts_commission" CHECK ("follow_posts"."commission_bp" BETWEEN 0 AND 800)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "follow_post_id" integer;--> statement-breakpoint
ALTER TABLE "follow_commissions" ADD CONSTRAINT "follow_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_commissions" ADD CONSTRAINT "follow_commissions_post_id_follow_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."follow_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_posts" ADD CONSTRAINT "follow_posts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_commissions_post_idx" ON "follow_commissions" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_posts_order_uq" ON "follow_posts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "follow_posts_open_idx" ON "follow_posts" USING btree ("closes_at","id");--> statement-breakpoint
CREATE INDEX "follow_posts_member_idx" ON "follow_posts" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "orders_follow_post_idx" ON "orders" USING btree ("follow_post_id") WHERE "orders"."follow_post_id" IS NOT NULL;