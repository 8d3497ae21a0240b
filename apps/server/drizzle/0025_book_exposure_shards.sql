-- Each outcome's liability in BOOK_SHARDS rows (book.table.ts): existing rows become shard 0 with
-- no allotment and no cap, so the next order on their outcome takes the slow path, which locks
-- the outcome's shards, checks the sum against the cap and allots the room.
ALTER TABLE "book_exposure" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "book_exposure" ADD COLUMN "allotment" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "book_exposure" ADD COLUMN "cap" bigint;--> statement-breakpoint
ALTER TABLE "book_exposure" DROP CONSTRAINT "book_exposure_match_id_play_type_option_key_pk";--> statement-breakpoint
ALTER TABLE "book_exposure" ADD CONSTRAINT "book_exposure_match_id_play_type_option_key_shard_pk" PRIMARY KEY("match_id","play_type","option_key","shard");--> statement-breakpoint
ALTER TABLE "book_order_exposure" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
