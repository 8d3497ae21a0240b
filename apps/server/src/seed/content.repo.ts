/** Writes of the demo content seed (modules/content tables). */
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { lockForTransaction } from '../db/locks.ts';
import {
  banners,
  expertArticles,
  expertCategories,
  experts,
  lotteryArticleCategories,
  lotteryArticles,
  notices,
} from '../modules/content/schema.ts';
import { members } from '../modules/accounts/schema.ts';

export type NewNotice = typeof notices.$inferInsert;
export type NewBanner = typeof banners.$inferInsert;
export type NewExpert = typeof experts.$inferInsert;
export type NewExpertArticle = typeof expertArticles.$inferInsert;
export type NewLotteryArticle = typeof lotteryArticles.$inferInsert;

/**
 * Runs `seed` in one transaction under the content-seed lock, only when no notice exists yet:
 * processes (or test files) starting together seed once. Returns whether it ran.
 */
export async function seedOnce(db: Db, seed: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, 'contentSeed');
    const [existing] = await tx.select({ n: count() }).from(notices);
    if ((existing?.n ?? 0) > 0) return false;
    await seed(tx);
    return true;
  });
}

/** Some agent's id, for the agent's own banner when the caller named none. */
export async function anyAgentId(db: Db): Promise<number | undefined> {
  const [agent] = await db.select({ id: members.id }).from(members).where(eq(members.isAgent, 1)).limit(1);
  return agent?.id;
}

export async function insertNotices(db: Db, rows: NewNotice[]): Promise<void> {
  await db.insert(notices).values(rows);
}

export async function insertBanners(db: Db, rows: NewBanner[]): Promise<void> {
  await db.insert(banners).values(rows);
}

/** Returns the new ids in the order given. */
export async function insertExpertCategories(
  db: Db,
  rows: Array<{ name: string; sort: number }>,
): Promise<number[]> {
  const inserted = await db.insert(expertCategories).values(rows).returning({ id: expertCategories.id });
  return inserted.map((r) => r.id);
}

/** Returns the new ids in the order given. */
export async function insertExperts(db: Db, rows: NewExpert[]): Promise<number[]> {
  const inserted = await db.insert(experts).values(rows).returning({ id: experts.id });
  return inserted.map((r) => r.id);
}

export async function insertExpertArticles(db: Db, rows: NewExpertArticle[]): Promise<void> {
  await db.insert(expertArticles).values(rows);
}

/** Returns the new ids in the order given. */
export async function insertLotteryArticleCategories(
  db: Db,
  rows: Array<typeof lotteryArticleCategories.$inferInsert>,
): Promise<number[]> {
  const inserted = await db
    .insert(lotteryArticleCategories)
    .values(rows)
    .returning({ id: lotteryArticleCategories.id });
  return inserted.map((r) => r.id);
}

export async function insertLotteryArticles(db: Db, rows: NewLotteryArticle[]): Promise<void> {
  await db.insert(lotteryArticles).values(rows);
}
