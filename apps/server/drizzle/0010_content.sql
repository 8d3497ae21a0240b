CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_type" integer NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"agent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	CONSTRAINT "banners_page_type" CHECK ("banners"."page_type" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "expert_article_favorites" (
	"article_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_article_favorites_article_id_member_id_pk" PRIMARY KEY("article_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "expert_article_likes" (
	"article_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_article_likes_article_id_member_id_pk" PRIMARY KEY("article_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "expert_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expert_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"expert_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"pick_match" text,
	"pick_selection" text,
	"pick_odds" text,
	"pick_result" text,
	"views" integer DEFAULT 0 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_articles_pick" CHECK (("expert_articles"."pick_result" IS NULL) = ("expert_articles"."pick_match" IS NULL AND "expert_articles"."pick_selection" IS NULL)),
	CONSTRAINT "expert_articles_views" CHECK ("expert_articles"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "expert_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "expert_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "experts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_article_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_article_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lottery_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_articles_views" CHECK ("lottery_articles"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_category" CHECK ("notices"."category_id" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"platform" text NOT NULL,
	"system" text NOT NULL,
	"version" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_article_favorites" ADD CONSTRAINT "expert_article_favorites_article_id_expert_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."expert_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_article_favorites" ADD CONSTRAINT "expert_article_favorites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_article_likes" ADD CONSTRAINT "expert_article_likes_article_id_expert_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."expert_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_article_likes" ADD CONSTRAINT "expert_article_likes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_articles" ADD CONSTRAINT "expert_articles_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_category_id_expert_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expert_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_articles" ADD CONSTRAINT "lottery_articles_category_id_lottery_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."lottery_article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_logs" ADD CONSTRAINT "client_logs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_page_idx" ON "banners" USING btree ("page_type","agent_id");--> statement-breakpoint
CREATE INDEX "expert_article_favorites_member_idx" ON "expert_article_favorites" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "expert_article_likes_member_idx" ON "expert_article_likes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "expert_articles_expert_idx" ON "expert_articles" USING btree ("expert_id","published_at");--> statement-breakpoint
CREATE INDEX "experts_category_idx" ON "experts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "lottery_articles_category_idx" ON "lottery_articles" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "notices_category_idx" ON "notices" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_logs_member_client_uq" ON "client_logs" USING btree ("member_id","client_id");--> statement-breakpoint
CREATE INDEX "client_logs_member_time_idx" ON "client_logs" USING btree ("member_id","logged_at");