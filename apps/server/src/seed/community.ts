import { VALID_BETS_DEFINITION } from '@app/shared';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/tx.ts';
import { insertActivities } from '../modules/activities/index.ts';
import type { NewActivity } from '../modules/activities/index.ts';
import type { Services } from '../services.ts';

const DAY = 86_400_000;

/**
 * The demo install's activities: a first-deposit bonus, a daily check-in and a weekly
 * turnover challenge that run now, and one that opens next month. Images live in
 * apps/web/public/activity/. `slugSuffix` lets tests insert their own copies.
 */
export function demoActivities(now: Date, slugSuffix = ''): NewActivity[] {
  const since = new Date(now.getTime() - 30 * DAY);
  return [
    {
      slug: `first-deposit${slugSuffix}`,
      title: '新人首充100%赠送',
      summary: '首次充值即送等额彩金，最高 888 元',
      category: 'newcomer',
      rule: 'first_deposit',
      params: { percent: 100, capFen: 88_800, minDepositFen: 10_000 },
      image: '/activity/first-deposit.svg',
      highlight: '最高送 888 元',
      content: [
        '欢迎加入金彩体育！为回馈新会员，活动期间完成首次充值即可申请等额彩金，让您的第一笔投注更加从容。',
        '彩金经客服审核后直接发放至主钱包，可用于足球、篮球竞猜及全部彩票游戏。',
        '示例：首次充值 500 元，可获赠 500 元彩金；首次充值 2000 元，可获赠 888 元彩金（封顶）。',
      ],
      rules: [
        '仅限活动期间内完成首次充值的会员参加，每位会员限申请一次。',
        '首次充值金额须满 100 元，彩金为首充金额的 100%，最高 888 元。',
        '申请后由客服审核，审核通过后彩金自动到账并发送站内信通知。',
        '彩金需完成（彩金 × 10 倍）有效投注后方可提现。',
        '同一 IP、同一设备或同一收款账户仅限一人参与，违规套利者将取消资格。',
        '本活动最终解释权归金彩体育所有。',
      ],
      autoApprove: false,
      turnoverMultiple: 10,
      startsAt: since,
      endsAt: null,
      sort: 1,
    },
    {
      slug: `daily-checkin${slugSuffix}`,
      title: '每日签到领彩金',
      summary: '每天签到一次，立即到账 1.88 元',
      category: 'daily',
      rule: 'daily_checkin',
      params: { amountFen: 188 },
      image: '/activity/daily-checkin.svg',
      highlight: '天天领 1.88 元',
      content: [
        '每天来金彩体育签个到，彩金即刻到账！签到无需审核，点击「立即签到」即可领取。',
        '签到按北京时间计算，每天 00:00 重置，别忘了明天再来。',
      ],
      rules: [
        '每位会员每个自然日（北京时间）可签到一次，每次 1.88 元。',
        '签到彩金实时发放至主钱包，并发送站内信通知。',
        '签到彩金需完成 1 倍有效投注后方可提现。',
        '本活动最终解释权归金彩体育所有。',
      ],
      autoApprove: true,
      turnoverMultiple: 1,
      startsAt: since,
      endsAt: null,
      sort: 2,
    },
    {
      slug: `weekly-turnover${slugSuffix}`,
      title: '周周流水闯关',
      summary: '本周有效投注达标，最高领取 588 元',
      category: 'turnover',
      rule: 'turnover',
      params: {
        tiers: [
          { thresholdFen: 100_000, bonusFen: 1_800 },
          { thresholdFen: 500_000, bonusFen: 5_800 },
          { thresholdFen: 2_000_000, bonusFen: 18_800 },
          { thresholdFen: 10_000_000, bonusFen: 58_800 },
        ],
      },
      image: '/activity/weekly-turnover.svg',
      highlight: '最高 588 元',
      content: [
        '每周一至周日（北京时间）统计您在体育竞猜、彩票与电子游戏中的有效投注，达到相应档位即可申请闯关彩金。',
        VALID_BETS_DEFINITION,
        '每周限申请一次，按申请时已达到的最高档位发放，建议冲到更高档位再申请。',
      ],
      rules: [
        '本周有效投注满 1,000 元可领 18 元；满 5,000 元可领 58 元；满 20,000 元可领 188 元；满 100,000 元可领 588 元。',
        '每位会员每周限申请一次，以申请时的有效投注计算档位。',
        '申请后由客服审核，通过后彩金发放至主钱包。',
        '彩金需完成 1 倍有效投注后方可提现。',
        '本活动最终解释权归金彩体育所有。',
      ],
      autoApprove: false,
      turnoverMultiple: 1,
      startsAt: since,
      endsAt: null,
      sort: 3,
    },
    {
      slug: `new-year-checkin${slugSuffix}`,
      title: '元旦狂欢签到',
      summary: '元旦期间每日签到，彩金翻倍 8.88 元',
      category: 'daily',
      rule: 'daily_checkin',
      params: { amountFen: 888 },
      image: '/activity/new-year.svg',
      highlight: '每日 8.88 元',
      content: [
        '新年新气象！元旦狂欢期间，每日签到彩金升级为 8.88 元，与日常签到可同时参加。',
        '活动开始前可先收藏本页，开始后即可签到领取。',
      ],
      rules: [
        '活动期间每位会员每个自然日（北京时间）可签到一次，每次 8.88 元。',
        '签到彩金实时到账，需完成 1 倍有效投注后方可提现。',
        '本活动最终解释权归金彩体育所有。',
      ],
      autoApprove: true,
      turnoverMultiple: 1,
      startsAt: new Date(now.getTime() + 30 * DAY),
      endsAt: new Date(now.getTime() + 37 * DAY),
      sort: 4,
    },
  ];
}

/** Seeds the activities and a first finance message for the demo member's opening credit. */
export async function seedCommunity(services: Services, demoMemberId: number): Promise<void> {
  const db: Db = services.database.db;
  await insertActivities(db, demoActivities(services.clock.now()));
  await inTransaction(db, (work) =>
    services.messages.send(work, {
      memberId: demoMemberId,
      type: 'finance',
      title: '体验金已到账',
      content: '您的演示账户体验金 10,000.00 元已到账主钱包，快去体验足球、篮球竞猜和彩票游戏吧！',
      link: '/pages/mine/mine',
      dedupeKey: 'seed:demo001',
    }),
  );
}
