CREATE SEQUENCE "public"."usdt_address_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "usdt_deposit_addresses" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"derivation_index" integer NOT NULL,
	"network" text DEFAULT 'TRC20' NOT NULL,
	"address" text NOT NULL,
	"cursor_ms" bigint DEFAULT 0 NOT NULL,
	"watch_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usdt_deposit_addresses" ADD CONSTRAINT "usdt_deposit_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_addresses_index_uq" ON "usdt_deposit_addresses" USING btree ("derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_addresses_address_uq" ON "usdt_deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE INDEX "usdt_deposit_addresses_watch_idx" ON "usdt_deposit_addresses" USING btree ("watch_until");