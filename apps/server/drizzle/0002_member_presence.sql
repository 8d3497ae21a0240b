CREATE TABLE "member_presence" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"socket_id" text,
	"last_heartbeat_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;