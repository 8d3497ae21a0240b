CREATE TABLE "usdt_rate_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usdt_rate_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"before_units" bigint NOT NULL,
	"after_units" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usdt_rate_changes_positive" CHECK ("usdt_rate_changes"."before_units" > 0 AND "usdt_rate_changes"."after_units" > 0)
);
--> statement-breakpoint
CREATE INDEX "usdt_rate_changes_effective_idx" ON "usdt_rate_changes" USING btree ("effective_at");