CREATE TABLE "bet_refusals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bet_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"order_no" text,
	"match_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"option_key" text NOT NULL,
	"stage" text NOT NULL,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"feed_event_at" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bet_refusals" ADD CONSTRAINT "bet_refusals_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_refusals_requested_idx" ON "bet_refusals" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "bet_refusals_match_idx" ON "bet_refusals" USING btree ("match_id","requested_at");