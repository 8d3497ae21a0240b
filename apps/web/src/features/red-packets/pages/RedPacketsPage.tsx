import { RED_PACKET_STATUSES } from '@app/shared';
import { Button, DotLoading, ErrorBlock, InfiniteScroll, Input, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/errors.ts';
import { formatDateTime } from '@/ui/format.ts';
import { yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { ListState } from '../../sports/components/ListStates.tsx';
import {
  type RedPacket,
  useClaimCode,
  useClaimRain,
  useClaimsQuery,
  useRainsQuery,
  useRedPacketsOn,
} from '../queries.ts';
import { clockText, countdownText, useServerNow } from '../time.ts';
import '../red-packets.css';

type Tab = 'rain' | 'code' | 'mine';
const TABS: Array<{ key: Tab; title: string }> = [
  { key: 'rain', title: '红包雨' },
  { key: 'code', title: '口令红包' },
  { key: 'mine', title: '我的红包' },
];

/** redPacketPages/index (红包): today's rains, a 口令 to type, and the member's own red packets. */
export default function RedPacketsPage() {
  const on = useRedPacketsOn();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'rain';
  if (!on)
    return (
      <Page title="红包">
        <ErrorBlock status="empty" title="红包活动未开启" description="敬请关注平台公告" />
      </Page>
    );
  return (
    <Page title="红包">
      <Tabs
        className="hub-tabs sticky"
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="redp-page">
        {tab === 'rain' ? <Rains /> : tab === 'code' ? <CodeClaim /> : <MyClaims />}
      </div>
    </Page>
  );
}

function Rains() {
  const navigate = useNavigate();
  const rains = useRainsQuery();
  const now = useServerNow(rains.data?.server_time);
  const claim = useClaimRain();
  const list = rains.data?.list ?? [];
  const grab = (r: RedPacket) =>
    claim.mutate(r.id, {
      onSuccess: (result) => Toast.show({ icon: 'success', content: `抢到 ${yuan(result.claim.amount)} 元` }),
      onError: (error) => Toast.show({ content: error instanceof ApiError ? error.message : '领取失败' }),
    });
  return (
    <ListState
      loading={rains.isPending}
      error={rains.isError}
      empty={list.length === 0}
      emptyTitle="今日暂无红包雨"
      emptyText="红包雨开始前会在首页提醒您"
      onRetry={() => void rains.refetch()}
    >
      <div data-testid="red-packet-rains">
        {list.map((r) => (
          <div key={r.id} className="redp-card" data-testid="red-packet-card">
            <div className="redp-card-head">
              <strong>{r.name}</strong>
              <span className={`redp-status redp-status-${r.status}`}>{RED_PACKET_STATUSES[r.status]}</span>
            </div>
            <div className="redp-row">
              <span>时间</span>
              <span>
                {clockText(r.starts_at, now)} – {clockText(r.ends_at, now)}
              </span>
            </div>
            <div className="redp-row">
              <span>总额 / 个数</span>
              <span>
                {yuan(r.budget)} 元 / {r.count} 个（已抢 {r.claimed} 个）
              </span>
            </div>
            <div className="redp-row">
              <span>领取条件</span>
              <span>
                {r.conditions.text || '所有会员'}，{r.turnover_multiple}倍打码
              </span>
            </div>
            {r.mine ? (
              <div className="redp-row">
                <span>我抢到</span>
                <b>{yuan(r.mine.amount)} 元</b>
              </div>
            ) : null}
            {r.status === 'running' && !r.mine ? (
              <Button color="danger" block loading={claim.isPending} onClick={() => grab(r)}>
                抢红包（剩余 {countdownText(Date.parse(r.ends_at) - now)}）
              </Button>
            ) : null}
            {r.seed ? (
              <Button
                size="small"
                fill="none"
                onClick={() => void navigate(`/redPacketPages/verify?id=${r.id}`)}
              >
                验证公平性 ›
              </Button>
            ) : null}
          </div>
        ))}
      </div>
    </ListState>
  );
}

function CodeClaim() {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const claim = useClaimCode();
  const submit = () => {
    const value = code.trim();
    if (!value) {
      setResult({ ok: false, text: '请输入红包口令' });
      return;
    }
    claim.mutate(value, {
      onSuccess: (data) => {
        setResult({
          ok: true,
          text: `领取成功：${data.claim.name} ${yuan(data.claim.amount)} 元已存入主钱包`,
        });
        setCode('');
      },
      onError: (error) =>
        setResult({ ok: false, text: error instanceof ApiError ? error.message : '领取失败' }),
    });
  };
  return (
    <div className="redp-code">
      <Input
        aria-label="红包口令"
        placeholder="输入平台公布的红包口令"
        value={code}
        onChange={setCode}
        maxLength={20}
        clearable
        onEnterPress={submit}
      />
      <Button color="danger" block loading={claim.isPending} onClick={submit}>
        领取口令红包
      </Button>
      {result ? (
        <p
          className={result.ok ? 'redp-check-ok' : 'redp-check-bad'}
          role="status"
          data-testid="red-packet-code-result"
        >
          {result.text}
        </p>
      ) : null}
      <p>口令由平台在公告、社群等渠道发布；每个口令每人限领一次，领取后需完成相应打码量方可提现。</p>
    </div>
  );
}

function MyClaims() {
  const navigate = useNavigate();
  const claims = useClaimsQuery(true);
  const list = claims.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListState
      loading={claims.isPending}
      error={claims.isError}
      empty={list.length === 0}
      emptyTitle="暂无红包记录"
      emptyText="抢到的红包雨和口令红包会显示在这里"
      onRetry={() => void claims.refetch()}
    >
      <div data-testid="red-packet-claims">
        {list.map((c) => (
          <button
            key={c.packet_id}
            type="button"
            className="redp-card"
            onClick={() => void navigate(`/redPacketPages/verify?id=${c.packet_id}`)}
          >
            <span className="redp-card-head">
              <strong>{c.name}</strong>
              <b className="redp-row">{yuan(c.amount)} 元</b>
            </span>
            <span className="redp-row">
              <span>{c.kind === 'rain' ? '红包雨' : '口令红包'}</span>
              <span>{formatDateTime(c.claimed_at)}</span>
            </span>
            <span className="redp-row">
              <span>打码量</span>
              <span>{yuan(c.turnover)} 元</span>
            </span>
          </button>
        ))}
        <InfiniteScroll
          loadMore={async () => void (await claims.fetchNextPage())}
          hasMore={claims.hasNextPage}
        >
          {claims.isFetchingNextPage ? <DotLoading /> : null}
        </InfiniteScroll>
      </div>
    </ListState>
  );
}
