CREATE TABLE "member_bet_limits" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"max_stake" bigint,
	"max_payout_per_match" bigint,
	"reason" text NOT NULL,
	"operator_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_bet_limits_positive" CHECK (("member_bet_limits"."max_stake" IS NULL OR "member_bet_limits"."max_stake" > 0) AND ("member_bet_limits"."max_payout_per_match" IS NULL OR "member_bet_limits"."max_payout_per_match" > 0))
);
--> statement-breakpoint
ALTER TABLE "member_bet_limits" ADD CONSTRAINT "member_bet_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;