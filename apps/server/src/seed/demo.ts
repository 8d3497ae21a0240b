import type { FastifyBaseLogger } from 'fastify';
import { inTransaction } from '../db/tx.ts';
import { anyMember, bindAgentDomain, updateMember } from '../modules/accounts/index.ts';
import type { Services } from '../services.ts';
import { seedCommunity } from './community.ts';
import { seedContent } from './content.ts';
import { bannerImage } from './content-art.ts';

export const DEMO_LOGIN = { username: 'demo001', password: 'demo1234' } as const;
/** The member demo001 invited. */
export const DEMO_FRIEND = { username: 'demo002', password: 'demo1234' } as const;
/** The back-office operator of a demo install (/admin/v1). */
export const DEMO_OPERATOR = { username: 'admin', password: 'admin1234' } as const;
/**
 * The demo's second operator, a finance checker: what one operator must not do alone (raising a
 * limit, a large credit) waits in 复核 for another, so a demo needs two to show it.
 */
export const DEMO_CHECKER = { username: 'finance01', password: 'finance1234' } as const;

export const DEMO_AGENT = {
  username: 'agent001',
  password: 'agent1234',
  agentCode: 'AG8888',
  domain: 'agent.localhost',
} as const;

const SEED_CONTEXT = { ip: '127.0.0.1', userAgent: 'seed', host: 'localhost' };

/**
 * Demo data for a first start: an agent with a bound domain, two members (one invited by
 * the other), their opening credit posted through the ledger, and the site's app info.
 * Does nothing when any member exists.
 */
export async function seedDemoData(
  services: Services,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  const { db } = services.database;
  if (await anyMember(db)) return false;
  const now = services.clock.now();

  const accounts = services.accounts;
  const agent = await accounts.register(
    { username: DEMO_AGENT.username, password: DEMO_AGENT.password, type: 'seed' },
    SEED_CONTEXT,
  );
  await updateMember(
    db,
    agent.userinfo.id,
    { isAgent: 1, agentCode: DEMO_AGENT.agentCode, nickname: '金牌代理' },
    now,
  );
  await bindAgentDomain(db, agent.userinfo.id, DEMO_AGENT.domain);

  const demo = await accounts.register(
    { ...DEMO_LOGIN, agentCode: DEMO_AGENT.agentCode, type: 'seed' },
    SEED_CONTEXT,
  );
  await updateMember(db, demo.userinfo.id, { nickname: '体验玩家', isMock: 1 }, now);
  const friend = await accounts.register(
    { ...DEMO_FRIEND, inviteCode: demo.userinfo.invite_code, type: 'seed' },
    SEED_CONTEXT,
  );

  // 体验金 is a bonus like any other: paid through the bonus path with its 打码量 (1×), so it
  // cannot be withdrawn before it has been played.
  await inTransaction(db, async (work) => {
    const credit = (memberId: number, fen: bigint, key: string) =>
      services.bonus.grant(work, {
        memberId,
        type: 'trial',
        amount: fen,
        reference: key,
        title: '演示账户体验金',
        turnoverMultiple: 1,
      });
    await credit(demo.userinfo.id, 1_000_000n, 'seed:demo001');
    await credit(friend.userinfo.id, 50_000n, 'seed:demo002');
    await credit(agent.userinfo.id, 200_000n, 'seed:agent001');
  });

  await services.appConfig.updateAppInfo({
    title: '金彩体育',
    index_modal: '欢迎来到金彩体育！新会员注册即可体验足球、篮球竞猜与彩票游戏，理性投注，量力而行。',
    index_modal_images: [
      bannerImage({
        title: '新会员专享',
        subtitle: '注册即送体验金 足球篮球彩票畅玩',
        tag: '欢迎',
        from: '#3e2723',
        to: '#b8860b',
        accent: '#ffe0b2',
        motif: 'gift',
      }),
    ],
  });
  await services.operators.create({ ...DEMO_OPERATOR, name: '系统管理员', role: 'admin' });
  await services.operators.create({ ...DEMO_CHECKER, name: '财务复核', role: 'finance' });
  await seedCommunity(services, demo.userinfo.id);
  await seedContent(db, { agentId: agent.userinfo.id, now });
  log?.info({ members: 3, operators: 2 }, 'demo data seeded');
  return true;
}
