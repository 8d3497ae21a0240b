import { Button, Dialog, DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { SiteQrCode } from '../../download/components/SiteQrCode.tsx';
import { StatGrid } from '../components/StatGrid.tsx';
import {
  inviteKeys,
  useGenerateCodeMutation,
  useInviteInfoQuery,
  useInviteStatisticsQuery,
  useInviteUrlQuery,
} from '../queries.ts';
import '../../download/download.css';
import '../invite.css';

const LINKS = [
  { path: '/minePages/referrals', title: '我的下级' },
  { path: '/minePages/rewards', title: '奖励记录' },
  { path: '/minePages/ranking', title: '我的排名' },
  { path: '/minePages/globalrankings', title: '全站排行' },
  { path: '/minePages/rules', title: '邀请规则' },
  { path: '/minePages/agent-apply', title: '申请代理' },
];

/** minePages/invite: my code, link and QR code to share, and how the programme is going. */
export default function InvitePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useInviteInfoQuery();
  const url = useInviteUrlQuery();
  const stats = useInviteStatisticsQuery();
  const generate = useGenerateCodeMutation();

  const copy = async (text: string, what: string) => {
    if (await copyText(text)) toast.success(`${what}已复制，快去分享给好友吧`);
    else toast.error('复制失败，请长按手动复制');
  };
  const regenerate = async () => {
    const ok = await Dialog.confirm({
      title: '更换邀请码',
      content: '更换后旧邀请码和旧链接立即失效，已邀请的好友不受影响。确定更换吗？',
      confirmText: '确定更换',
    });
    if (!ok) return;
    const result = await generate.mutateAsync().catch(() => null);
    if (result) toast.success(`新邀请码 ${result.invite_code}，今日还可更换${result.remaining_today}次`);
  };

  const s = stats.data;
  return (
    <Page title="邀请好友">
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: inviteKeys.all, type: 'active' })}
      >
        <div className="iv-hero">
          <h2>邀请好友 一起赢奖励</h2>
          <p>好友充值达标最高奖励 88 元，每日再享下级有效投注返佣</p>
        </div>
        {info.error && !info.data ? (
          <ErrorBlock status="disconnected" title={info.error.message} description="下拉可重新加载" />
        ) : !info.data || !url.data ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : (
          <div className="card card-gold iv-share" data-testid="invite-share">
            <span className="muted">我的邀请码</span>
            <div className="iv-code" data-testid="invite-code">
              {info.data.invite_code}
            </div>
            <div className="button-row">
              <Button size="small" color="primary" onClick={() => void copy(info.data.invite_code, '邀请码')}>
                复制邀请码
              </Button>
              <Button
                size="small"
                fill="outline"
                loading={generate.isPending}
                onClick={() => void regenerate()}
              >
                更换邀请码
              </Button>
            </div>
            <SiteQrCode value={url.data.url} size={156} />
            <p className="qr-caption">好友扫码即可注册，自动填写邀请码</p>
            <p className="iv-link mono" data-testid="invite-link">
              {url.data.url}
            </p>
            <Button block color="primary" onClick={() => void copy(url.data.url, '邀请链接')}>
              复制邀请链接
            </Button>
            {info.data.agent_url ? (
              <Button
                block
                fill="outline"
                onClick={() => void copy(info.data.agent_url ?? '', '代理推广链接')}
              >
                复制代理推广链接（代理码 {info.data.agent_code}）
              </Button>
            ) : null}
            {info.data.inviter ? <p className="hint">我的邀请人：{info.data.inviter}</p> : null}
          </div>
        )}

        <Section title="邀请数据">
          <div className="card">
            {stats.error && !s ? (
              <span className="hint">{stats.error.message}</span>
            ) : (
              <StatGrid
                testId="invite-stats"
                stats={[
                  { label: '邀请人数', value: s?.referral_count },
                  { label: '今日新增', value: s?.today_referrals },
                  { label: '已充值', value: s?.active_referrals },
                  { label: '累计奖励(元)', value: s?.reward_total, money: true },
                  { label: '今日奖励(元)', value: s?.today_reward, money: true },
                  { label: '今日预计返佣', value: s?.today_commission_estimate, money: true },
                ]}
              />
            )}
          </div>
        </Section>

        <Section title="更多">
          <div className="card iv-links">
            {LINKS.map((link) => (
              <button
                key={link.path}
                type="button"
                className="iv-link-row"
                onClick={() => void navigate(link.path)}
              >
                <span>{link.title}</span>
                <RightOutline />
              </button>
            ))}
          </div>
        </Section>
      </PullToRefresh>
    </Page>
  );
}
