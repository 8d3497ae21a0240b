CREATE TABLE "sms_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"member_id" integer,
	"status" text NOT NULL,
	"code_hash" text,
	"shown_code" text,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"detail" text DEFAULT '' NOT NULL,
	"ip" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sms_codes_attempts_nonneg" CHECK ("sms_codes"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_idx" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_created_idx" ON "sms_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_verified_mobile_uq" ON "members" USING btree ("mobile") WHERE "members"."mobile_verified_at" IS NOT NULL;