import { FAMILY_CODES, LOTTERY_FAMILIES, type FamilyCode } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { AppstoreOutline, BillOutline, CheckShieldOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { LotteryCard } from '../components/LotteryCard.tsx';
import { WalletBar } from '../components/WalletBar.tsx';
import { useLotteryLive } from '../live.ts';
import { gamePath, recordsPath, verifyPath } from '../model.ts';
import { lotteryKeys, useLotteryListQuery } from '../queries.ts';
import '../lottery.css';

/** pages/lottery/lottery-list: the lottery hall, every game with its countdown and latest draw, live. */
export default function LotteryListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [type, setType] = useState<FamilyCode | 'all'>('all');
  const list = useLotteryListQuery('all');
  const lotteries = list.data?.list ?? [];
  useLotteryLive(lotteries.map((l) => l.code));
  const shown = lotteries.filter((l) => type === 'all' || l.type === type);

  return (
    <Page
      title="彩票大厅"
      right={
        <span className="lt-nav-actions">
          <button
            type="button"
            aria-label="彩种分类"
            onClick={() => void navigate('/pages/lottery/lottery-categories')}
          >
            <AppstoreOutline />
          </button>
          <button type="button" aria-label="投注记录" onClick={() => void navigate(recordsPath())}>
            <BillOutline />
          </button>
        </span>
      }
    >
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: lotteryKeys.all, type: 'active' })}
      >
        <div className="lt-hall-top">
          <button
            type="button"
            className="lt-fair card card-gold"
            onClick={() => void navigate(verifyPath())}
          >
            <CheckShieldOutline className="lt-fair-icon" />
            <span className="lt-fair-text">
              <strong>公平开奖 · 人人可验证</strong>
              <span>每期开盘即公布种子承诺值，开奖后公开种子，号码由种子推导</span>
            </span>
            <RightOutline className="lt-card-arrow" />
          </button>
          <WalletBar />
        </div>
        <div className="lt-chips" role="tablist" aria-label="彩种分类">
          {(['all', ...FAMILY_CODES] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={type === f}
              className={type === f ? 'lt-chip on' : 'lt-chip'}
              onClick={() => setType(f)}
            >
              {f === 'all' ? '全部' : LOTTERY_FAMILIES[f].name}
            </button>
          ))}
        </div>
        <div className="lt-hall-list" data-testid="lottery-list">
          {list.isPending ? (
            <div className="page-loading">
              <DotLoading color="primary" />
            </div>
          ) : list.error && lotteries.length === 0 ? (
            <ErrorBlock status="disconnected" title={list.error.message} description="下拉可重新加载" />
          ) : (
            shown.map((l) => (
              <LotteryCard key={l.code} lottery={l} onOpen={() => void navigate(gamePath(l.code))} />
            ))
          )}
        </div>
        <p className="lt-footnote hint">理性投注，量力而行。未满18周岁禁止参与。</p>
      </PullToRefresh>
    </Page>
  );
}
