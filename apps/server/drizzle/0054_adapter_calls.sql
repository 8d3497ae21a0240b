CREATE TABLE "adapter_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adapter_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"adapter" text NOT NULL,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"request" text,
	"status" integer,
	"answer" text,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "adapter_calls_adapter_time_idx" ON "adapter_calls" USING btree ("adapter","created_at");--> statement-breakpoint
CREATE INDEX "adapter_calls_time_idx" ON "adapter_calls" USING btree ("created_at");