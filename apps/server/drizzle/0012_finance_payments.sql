CREATE TABLE "gateway_sim_payments" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"merchant_order_no" text NOT NULL,
	"amount" bigint NOT NULL,
	"subject" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"order_no" text,
	"payload" jsonb NOT NULL,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"usdt_cents" bigint,
	"rate_units" bigint,
	"tx_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"gateway" text,
	"trade_no" text,
	"reason" text,
	"ledger_entry_id" bigint,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_orders_amount_positive" CHECK ("payment_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_password_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_password_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"bank_code" text,
	"holder_name" text,
	"account" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"wallet_id" integer NOT NULL,
	"wallet_type" text NOT NULL,
	"wallet_name" text NOT NULL,
	"holder_name" text,
	"account" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"usdt_cents" bigint,
	"rate_units" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_fee_range" CHECK ("withdrawals"."fee" >= 0 AND "withdrawals"."fee" < "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_password_failures" ADD CONSTRAINT "payment_password_failures_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_user_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."user_wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_sim_payments_order_uq" ON "gateway_sim_payments" USING btree ("merchant_order_no");--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_order_no_uq" ON "payment_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_tx_hash_uq" ON "payment_orders" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "payment_orders_member_idx" ON "payment_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "payment_orders_status_idx" ON "payment_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_password_failures_member_idx" ON "payment_password_failures" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "user_wallets_member_idx" ON "user_wallets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wallets_member_account_uq" ON "user_wallets" USING btree ("member_id","account") WHERE "user_wallets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_no_uq" ON "withdrawals" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");