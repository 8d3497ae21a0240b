CREATE TABLE "feed_result_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_result_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"match_id" integer NOT NULL,
	"feed" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"after_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"change_id" integer
);
--> statement-breakpoint
ALTER TABLE "feed_result_corrections" ADD CONSTRAINT "feed_result_corrections_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_result_corrections" ADD CONSTRAINT "feed_result_corrections_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_result_corrections_match_result_uq" ON "feed_result_corrections" USING btree ("match_id","after_key");--> statement-breakpoint
CREATE INDEX "feed_result_corrections_status_idx" ON "feed_result_corrections" USING btree ("status","first_seen_at");