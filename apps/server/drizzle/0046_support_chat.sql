CREATE TABLE "support_canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"ticket" boolean DEFAULT false NOT NULL,
	"operator_id" integer,
	"last_preview" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"member_read_id" integer DEFAULT 0 NOT NULL,
	"operator_read_id" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_conversations_rating" CHECK ("support_conversations"."rating" IS NULL OR "support_conversations"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"operator_id" integer,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"picture_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_kind" CHECK (("support_messages"."kind" = 'text' AND "support_messages"."picture_id" IS NULL AND length("support_messages"."body") > 0)
        OR ("support_messages"."kind" = 'picture' AND "support_messages"."picture_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "support_pictures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_pictures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_pictures_size" CHECK ("support_pictures"."size" > 0 AND "support_pictures"."size" <= 2097152)
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_picture_id_support_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."support_pictures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_pictures" ADD CONSTRAINT "support_pictures_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_canned_replies_sort_idx" ON "support_canned_replies" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_member_open_uq" ON "support_conversations" USING btree ("member_id") WHERE "support_conversations"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "support_conversations_member_idx" ON "support_conversations" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_operator_idx" ON "support_conversations" USING btree ("operator_id","status");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "support_pictures_conversation_idx" ON "support_pictures" USING btree ("conversation_id");