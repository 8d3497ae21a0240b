ALTER TABLE "lottery_chases" DROP CONSTRAINT "lottery_chases_member_id_members_id_fk";
