CREATE TABLE "game_record_cursors" (
	"provider" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"platform" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"game_type" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"profit" bigint NOT NULL,
	"detail" text NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_records_profit" CHECK ("game_records"."profit" = "game_records"."payout" - "game_records"."bet")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"game_code" text NOT NULL,
	"game_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"everything" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"client_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "game_transfers_amount_nonneg" CHECK ("game_transfers"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_sim_players" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_sim_players_balance_nonneg" CHECK ("game_sim_players"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_sim_rounds" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_sim_rounds_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"round_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"detail" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_sim_rounds_round_id_unique" UNIQUE("round_id")
);
--> statement-breakpoint
CREATE TABLE "game_sim_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sim_transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_records" ADD CONSTRAINT "game_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_transfers" ADD CONSTRAINT "game_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_records_round_uq" ON "game_records" USING btree ("provider","round_id");--> statement-breakpoint
CREATE INDEX "game_records_member_idx" ON "game_records" USING btree ("member_id","played_at");--> statement-breakpoint
CREATE INDEX "game_sessions_member_idx" ON "game_sessions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_transfers_client_key_uq" ON "game_transfers" USING btree ("member_id","client_key");--> statement-breakpoint
CREATE INDEX "game_transfers_member_idx" ON "game_transfers" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "game_transfers_pending_idx" ON "game_transfers" USING btree ("created_at") WHERE "game_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "game_sim_rounds_member_idx" ON "game_sim_rounds" USING btree ("member_id","seq");