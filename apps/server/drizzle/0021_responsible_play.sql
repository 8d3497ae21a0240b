CREATE TABLE "play_exclusions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "play_exclusions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"return_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_exclusions_window" CHECK ("play_exclusions"."starts_at" < "play_exclusions"."ends_at"),
	CONSTRAINT "play_exclusions_return" CHECK ("play_exclusions"."return_requested_at" IS NULL OR ("play_exclusions"."kind" = 'self_exclusion' AND "play_exclusions"."return_requested_at" >= "play_exclusions"."ends_at"))
);
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_member_id_kind_period_pk" PRIMARY KEY("member_id","kind","period"),
	CONSTRAINT "play_limits_amount" CHECK ("play_limits"."amount" IS NULL OR "play_limits"."amount" > 0),
	CONSTRAINT "play_limits_pending_amount" CHECK ("play_limits"."pending_amount" IS NULL OR "play_limits"."pending_amount" > 0),
	CONSTRAINT "play_limits_pending" CHECK (("play_limits"."pending_at" IS NULL) = ("play_limits"."pending_amount" IS NULL AND NOT "play_limits"."pending_remove"))
);
--> statement-breakpoint
ALTER TABLE "lottery_periods" DROP CONSTRAINT "lottery_periods_commitment";--> statement-breakpoint
ALTER TABLE "lottery_periods" ALTER COLUMN "seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reality_check_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "reality_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_exclusions" ADD CONSTRAINT "play_exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_exclusions_member_idx" ON "play_exclusions" USING btree ("member_id","ends_at");--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD CONSTRAINT "lottery_periods_drawn_seed" CHECK ("lottery_periods"."status" <> 'drawn' OR "lottery_periods"."seed" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "lottery_periods" ADD CONSTRAINT "lottery_periods_commitment" CHECK ("lottery_periods"."seed" IS NULL OR "lottery_periods"."commitment" = encode(sha256(convert_to("lottery_periods"."seed", 'UTF8')), 'hex'));--> statement-breakpoint
-- Draw secrecy: a seed is derived at the draw from a key outside the database and written once,
-- with the open code. Seeds stored in the clear before this migration were readable ahead of
-- their draws, so those periods lose them: their draws fail and every bet on them is refunded.
ALTER TABLE "lottery_periods" DISABLE TRIGGER "lottery_periods_guard";--> statement-breakpoint
UPDATE "lottery_periods" SET "seed" = NULL WHERE "status" NOT IN ('drawn', 'cancelled');--> statement-breakpoint
ALTER TABLE "lottery_periods" ENABLE TRIGGER "lottery_periods_guard";--> statement-breakpoint
CREATE OR REPLACE FUNCTION lottery_periods_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery periods are never deleted';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.seed IS NOT NULL OR NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'a period is created pending, with its commitment and without its seed';
    END IF;
    RETURN NEW;
  END IF;
  IF (OLD.seed IS NOT NULL AND NEW.seed IS DISTINCT FROM OLD.seed)
     OR (OLD.seed IS NULL AND NEW.seed IS NOT NULL AND NEW.status <> 'drawn')
     OR NEW.commitment IS DISTINCT FROM OLD.commitment
     OR NEW.lottery_code IS DISTINCT FROM OLD.lottery_code
     OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.open_at IS DISTINCT FROM OLD.open_at
     OR NEW.close_at IS DISTINCT FROM OLD.close_at
     OR NEW.draw_at IS DISTINCT FROM OLD.draw_at THEN
    RAISE EXCEPTION 'the draw material of a lottery period is immutable; its seed is written once, at the draw';
  END IF;
  IF OLD.open_code IS NOT NULL AND NEW.open_code IS DISTINCT FROM OLD.open_code THEN
    RAISE EXCEPTION 'an open code is written once';
  END IF;
  IF OLD.status IN ('drawn', 'cancelled') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'a drawn or cancelled period is final';
  END IF;
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled'
     AND (NEW.cancel_reason IS NULL OR position('开奖失败' in NEW.cancel_reason) = 0) THEN
    RAISE EXCEPTION 'a period is cancelled only by the failed-draw path (its reason says 开奖失败)';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "lottery_periods_guard" ON "lottery_periods";--> statement-breakpoint
CREATE TRIGGER lottery_periods_guard BEFORE INSERT OR UPDATE OR DELETE ON lottery_periods
  FOR EACH ROW EXECUTE FUNCTION lottery_periods_guard();
--> statement-breakpoint
-- A time-out or self-exclusion is never deleted and never shortened: its kind and times are
-- fixed; the only later write is the member's request to return, once, after it has ended.
CREATE OR REPLACE FUNCTION play_exclusions_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a time-out or self-exclusion is never deleted';
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id
     OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
     OR NEW.ends_at IS DISTINCT FROM OLD.ends_at
     OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR (OLD.return_requested_at IS NOT NULL AND NEW.return_requested_at IS DISTINCT FROM OLD.return_requested_at) THEN
    RAISE EXCEPTION 'a time-out or self-exclusion cannot be changed';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER play_exclusions_guard BEFORE UPDATE OR DELETE ON play_exclusions
  FOR EACH ROW EXECUTE FUNCTION play_exclusions_guard();
