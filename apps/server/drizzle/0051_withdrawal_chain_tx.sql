ALTER TABLE "withdrawals" ADD COLUMN "tx_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "chain_note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_tx_id_uq" ON "withdrawals" USING btree ("tx_id");