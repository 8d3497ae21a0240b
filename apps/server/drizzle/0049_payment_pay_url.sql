ALTER TABLE "payment_orders" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "gateway_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_orders_open_gateway_idx" ON "payment_orders" USING btree ("gateway","created_at") WHERE "payment_orders"."status" = 'pending' AND "payment_orders"."gateway" IS NOT NULL;--> statement-breakpoint
-- Orders the simulator opened before the page was kept on the order: its page is its trade's.
UPDATE "payment_orders" SET "pay_url" = '/gateway-sim/pay/' || "trade_no" WHERE "gateway" = 'simulator' AND "trade_no" IS NOT NULL AND "pay_url" IS NULL;
