CREATE TABLE "user_wallet_conflicts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_wallet_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"type" text NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_wallets_member_account_uq";--> statement-breakpoint
ALTER TABLE "user_wallet_conflicts" ADD CONSTRAINT "user_wallet_conflicts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallet_conflicts" ADD CONSTRAINT "user_wallet_conflicts_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_wallet_conflicts_created_idx" ON "user_wallet_conflicts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wallets_account_uq" ON "user_wallets" USING btree ("type","account") WHERE "user_wallets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "user_wallets_account_idx" ON "user_wallets" USING btree ("account");