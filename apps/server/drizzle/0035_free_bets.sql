CREATE TABLE "free_bet_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_bet_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target" text NOT NULL,
	"target_value" text NOT NULL,
	"title" text NOT NULL,
	"value" bigint NOT NULL,
	"min_odds_x100" integer NOT NULL,
	"plays" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"members" integer NOT NULL,
	"excluded" integer NOT NULL,
	"change_id" integer,
	"created_by" integer,
	"approved_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_bets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "free_bets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"grant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"title" text NOT NULL,
	"value" bigint NOT NULL,
	"min_odds_x100" integer NOT NULL,
	"plays" text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"order_id" integer,
	"order_no" text,
	"used_at" timestamp with time zone,
	"taken" bigint DEFAULT 0 NOT NULL,
	"winnings" bigint,
	"revoked_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "free_bets_value" CHECK ("free_bets"."value" > 0 AND "free_bets"."taken" >= 0 AND "free_bets"."taken" <= "free_bets"."value"),
	CONSTRAINT "free_bets_used" CHECK (("free_bets"."status" = 'used') = ("free_bets"."order_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "free_bet_id" integer;--> statement-breakpoint
ALTER TABLE "free_bet_grants" ADD CONSTRAINT "free_bet_grants_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_bet_grants" ADD CONSTRAINT "free_bet_grants_approved_by_operators_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_bets" ADD CONSTRAINT "free_bets_grant_id_free_bet_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."free_bet_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_bets" ADD CONSTRAINT "free_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_bets_member_idx" ON "free_bets" USING btree ("member_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "free_bets_order_idx" ON "free_bets" USING btree ("order_id") WHERE "free_bets"."order_id" IS NOT NULL;