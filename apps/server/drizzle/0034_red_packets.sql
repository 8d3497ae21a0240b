CREATE TABLE "red_packet_slots" (
	"packet_id" integer NOT NULL,
	"index" integer NOT NULL,
	"member_id" integer,
	"amount" bigint,
	"turnover" bigint,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "red_packet_slots_packet_id_index_pk" PRIMARY KEY("packet_id","index"),
	CONSTRAINT "red_packet_slots_claim" CHECK (("red_packet_slots"."member_id" IS NULL) = ("red_packet_slots"."amount" IS NULL) AND ("red_packet_slots"."member_id" IS NULL) = ("red_packet_slots"."claimed_at" IS NULL) AND ("red_packet_slots"."amount" IS NULL OR "red_packet_slots"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "red_packets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "red_packets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"budget" bigint NOT NULL,
	"count" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"turnover_pct" integer NOT NULL,
	"vip_min" integer,
	"deposit_min" bigint,
	"turnover_min" bigint,
	"commitment" text NOT NULL,
	"state" text NOT NULL,
	"created_by" integer,
	"change_id" integer,
	"approved_by" integer,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "red_packets_dates" CHECK ("red_packets"."starts_at" < "red_packets"."ends_at"),
	CONSTRAINT "red_packets_split" CHECK ("red_packets"."count" >= 1 AND "red_packets"."min_amount" >= 1 AND "red_packets"."budget" >= "red_packets"."count" * "red_packets"."min_amount"),
	CONSTRAINT "red_packets_code" CHECK (("red_packets"."kind" = 'code') = ("red_packets"."code" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "red_packet_slots" ADD CONSTRAINT "red_packet_slots_packet_id_red_packets_id_fk" FOREIGN KEY ("packet_id") REFERENCES "public"."red_packets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packet_slots" ADD CONSTRAINT "red_packet_slots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_approved_by_operators_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_cancelled_by_operators_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "red_packet_slots_member_idx" ON "red_packet_slots" USING btree ("packet_id","member_id");--> statement-breakpoint
CREATE INDEX "red_packet_slots_claims_idx" ON "red_packet_slots" USING btree ("member_id","claimed_at") WHERE "red_packet_slots"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "red_packets_window_idx" ON "red_packets" USING btree ("kind","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "red_packets_code_idx" ON "red_packets" USING btree (lower("code"));