CREATE TABLE "activities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"category" text NOT NULL,
	"rule" text NOT NULL,
	"params" jsonb NOT NULL,
	"image" text NOT NULL,
	"highlight" text NOT NULL,
	"content" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"turnover_multiple" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"period" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"basis" bigint DEFAULT 0 NOT NULL,
	"reviewer_id" integer,
	"review_remark" text,
	"reviewed_at" timestamp with time zone,
	"bonus_log_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_applications_amount_positive" CHECK ("activity_applications"."amount" > 0),
	CONSTRAINT "activity_applications_review" CHECK (("activity_applications"."status" = 'pending') = ("activity_applications"."reviewed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_reviewer_id_operators_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_slug_uq" ON "activities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "activities_list_idx" ON "activities" USING btree ("enabled","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_applications_once_uq" ON "activity_applications" USING btree ("activity_id","member_id","period");--> statement-breakpoint
CREATE INDEX "activity_applications_member_idx" ON "activity_applications" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "activity_applications_status_idx" ON "activity_applications" USING btree ("status","id");