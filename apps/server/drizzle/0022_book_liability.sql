CREATE TABLE "book_exposure" (
	"match_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"option_key" text NOT NULL,
	"liability" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_exposure_match_id_play_type_option_key_pk" PRIMARY KEY("match_id","play_type","option_key")
);
--> statement-breakpoint
CREATE TABLE "book_limits" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"max_liability" bigint NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "book_limits_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "book_limits_nonneg" CHECK ("book_limits"."max_liability" >= 0)
);
--> statement-breakpoint
CREATE TABLE "book_order_exposure" (
	"order_id" integer NOT NULL,
	"match_id" integer NOT NULL,
	"play_type" text NOT NULL,
	"option_key" text NOT NULL,
	"liability" bigint NOT NULL,
	CONSTRAINT "book_order_exposure_order_id_match_id_play_type_option_key_pk" PRIMARY KEY("order_id","match_id","play_type","option_key")
);
--> statement-breakpoint
ALTER TABLE "book_order_exposure" ADD CONSTRAINT "book_order_exposure_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;