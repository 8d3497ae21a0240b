import { reasons } from './define.ts';
import { problemMessage } from './request.ts';

/** What promotions (activities) refuse. */
export const ACTIVITIES_REASONS = reasons({
  'activities.not_found': { status: 404, message: '活动不存在' },
  /** Today's check-in, this week's turnover bonus, or the activity at all; with the application's status. */
  'activities.already_applied': {
    status: 409,
    message: (p: { rule: string; status: string | null }) => {
      const when =
        p.rule === 'daily_checkin' ? '今日已签到' : p.rule === 'turnover' ? '本周已申请' : '您已申请过该活动';
      return p.status ? `${when}（${p.status}）` : when;
    },
  },
  /** The activity's rule, in its words (not started, ended, no first deposit, turnover short …). */
  'activities.not_eligible': { status: 422, message: problemMessage },
  'activities.application_not_found': { status: 404, message: '申请不存在' },
  'activities.application_decided': {
    status: 409,
    message: (p: { status: string }) => `该申请已处理（${p.status}）`,
  },
  'activities.member_excluded': {
    status: 422,
    message: '该会员处于冷静期或自我排除期，不能发放彩金，请驳回该申请',
  },
});
