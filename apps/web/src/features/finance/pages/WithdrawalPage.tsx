import {
  AMOUNT_PROBLEM_MESSAGES,
  fenFromDecimal,
  formatFen,
  parseRate,
  parseYuan,
  usdtFromFen,
  withdrawFee,
  type WithdrawView,
} from '@app/shared';
import { Button, Dialog, DotLoading, Input, PullToRefresh, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { newIdempotencyKey } from '@/lib/api/client.ts';
import { toast } from '@/lib/toast.tsx';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { NoticeBar } from '../../notices/NoticeBar.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { PaymentPasswordSheet } from '../../mine/components/PasswordSheets.tsx';
import { useSessionStore } from '../../session/store.ts';
import { WithdrawCard } from '../components/RecordCards.tsx';
import { WalletRow } from '../components/WalletRow.tsx';
import {
  useCancelWithdrawMutation,
  useCreateWithdrawMutation,
  useWalletsQuery,
  useWithdrawBalanceQuery,
  useWithdrawConfigQuery,
  useWithdrawListQuery,
} from '../queries.ts';
import { useFinancePushes } from '../pushes.ts';
import '../finance.css';

/** financePages/withdrawal: to a saved wallet, with the fee, the turnover left and the payment password. */
export default function WithdrawalPage() {
  useFinancePushes();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'records' ? 'records' : 'apply';
  return (
    <Page title="提现">
      <Tabs
        className="fin-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'records' ? { tab: 'records' } : {}, { replace: true })}
      >
        <Tabs.Tab key="apply" title="申请提现" />
        <Tabs.Tab key="records" title="提现记录" />
      </Tabs>
      {tab === 'records' ? (
        <WithdrawRecords />
      ) : (
        <WithdrawForm onDone={() => setParams({ tab: 'records' }, { replace: true })} />
      )}
    </Page>
  );
}

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const hasPaymentPassword = useSessionStore((s) => Boolean(s.userinfo?.has_payment_password));
  const config = useWithdrawConfigQuery();
  const balance = useWithdrawBalanceQuery();
  const wallets = useWalletsQuery();
  const create = useCreateWithdrawMutation();
  const [walletId, setWalletId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [sheet, setSheet] = useState(false);
  // One key per filled-in request: a retried tap never freezes twice.
  const key = useMemo(() => newIdempotencyKey(), [walletId, amount]); // eslint-disable-line react-hooks/exhaustive-deps

  const usable = wallets.data?.list.filter((w) => w.enabled) ?? [];
  const wallet = usable.find((w) => w.id === walletId) ?? usable[0];
  const parsed = amount ? parseYuan(amount) : null;
  const cfg = config.data;
  const fee =
    parsed?.ok && cfg
      ? withdrawFee(parsed.fen, {
          rateBp: cfg.fee_rate_bp,
          min: fenFromDecimal(cfg.fee_min),
          max: fenFromDecimal(cfg.fee_max),
        })
      : null;
  const actual = parsed?.ok && fee !== null ? parsed.fen - fee : null;
  const rate = cfg ? parseRate(cfg.usdt_rate) : null;
  const turnoverLeft = balance.data && balance.data.turnover_required !== '0.00';

  const submit = () => {
    if (!wallet) return toast.error('请先添加提现账户');
    if (!parsed?.ok || parsed.fen <= 0n)
      return toast.error(parsed && !parsed.ok ? AMOUNT_PROBLEM_MESSAGES[parsed.reason] : '请输入提现金额');
    if (!password) return toast.error('请输入支付密码');
    create.mutate(
      { wallet_id: wallet.id, amount, payment_password: password, key },
      {
        onSuccess: () => {
          toast.success('提现申请已提交，等待审核');
          setAmount('');
          setPassword('');
          onDone();
        },
      },
    );
  };

  if (config.isPending || balance.isPending || wallets.isPending)
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
      </div>
    );

  return (
    <PullToRefresh onRefresh={() => Promise.all([config.refetch(), balance.refetch(), wallets.refetch()])}>
      <div className="fin-body">
        <NoticeBar category={4} />
        <div className="card card-gold" data-testid="withdraw-balance">
          <div className="fin-row">
            <span>账户余额</span>
            <Money value={balance.data?.balance} grouped />
          </div>
          <div className="fin-row">
            <span>可提现</span>
            <Money className="gold-text" value={balance.data?.withdrawable} grouped />
          </div>
          <div className="fin-row">
            <span>冻结中</span>
            <span data-testid="withdraw-frozen">
              <Money value={balance.data?.frozen} grouped />
            </span>
          </div>
          <div className="fin-row">
            <span>剩余打码量</span>
            <Money
              className={turnoverLeft ? 'fin-reason' : undefined}
              value={balance.data?.turnover_required}
              grouped
            />
          </div>
          {turnoverLeft ? <div className="hint">完成剩余打码量后即可提现</div> : null}
        </div>

        <div className="card">
          <div className="fin-title" style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>到账账户</span>
            <button
              type="button"
              className="gold-text"
              style={{ background: 'none', border: 0 }}
              onClick={() => void navigate('/financePages/wallets')}
            >
              管理账户 <RightOutline />
            </button>
          </div>
          {usable.length === 0 ? (
            <Button block onClick={() => void navigate('/financePages/wallet-edit')}>
              + 添加银行卡或USDT地址
            </Button>
          ) : (
            <div className="stack" style={{ gap: 8 }} data-testid="withdraw-wallets">
              {usable.map((w) => (
                <WalletRow
                  key={w.id}
                  wallet={w}
                  selected={w.id === wallet?.id}
                  onClick={() => setWalletId(w.id)}
                />
              ))}
            </div>
          )}
        </div>

        <div className="card">
          <div className="fin-title">提现金额（元）</div>
          <div className="fin-amount-input">
            <span className="fin-amount-unit">¥</span>
            <Input
              value={amount}
              onChange={(v) => setAmount(v.trim())}
              inputMode="decimal"
              placeholder={`${cfg?.min_amount ?? ''} - ${cfg?.max_amount ?? ''}`}
              clearable
              aria-label="提现金额"
            />
            <Button
              size="mini"
              className="fin-all"
              onClick={() => setAmount(balance.data?.withdrawable ?? '')}
            >
              全部
            </Button>
          </div>
          <div className="fin-row" style={{ marginTop: 8 }}>
            <span>手续费</span>
            <span data-testid="withdraw-fee">
              {fee !== null
                ? `${formatFen(fee)} 元`
                : cfg?.fee_rate_bp
                  ? `${cfg.fee_rate_bp / 100}%`
                  : '免费'}
            </span>
          </div>
          <div className="fin-row">
            <span>实际到账</span>
            <span className="gold-text">
              {actual !== null && actual > 0n
                ? wallet && wallet.type !== 'bank' && rate
                  ? `${formatFen(usdtFromFen(actual, rate))} USDT`
                  : `${formatFen(actual)} 元`
                : '--'}
            </span>
          </div>
          {wallet && wallet.type !== 'bank' ? (
            <div className="fin-row">
              <span>USDT 汇率</span>
              <span>1 USDT = {cfg?.usdt_rate} 元</span>
            </div>
          ) : null}
          <div className="fin-row">
            <span>今日剩余次数</span>
            <span>
              {cfg?.remaining_today ?? '--'} / {cfg?.daily_count ?? '--'}
            </span>
          </div>
        </div>

        <div className="card">
          <div className="fin-title">支付密码</div>
          {hasPaymentPassword ? (
            <PasswordInput
              value={password}
              onChange={setPassword}
              placeholder="请输入6位支付密码"
              inputMode="numeric"
              maxLength={6}
              name="withdraw_password"
            />
          ) : (
            <Button block onClick={() => setSheet(true)}>
              设置支付密码
            </Button>
          )}
        </div>
        <Button
          block
          color="primary"
          size="large"
          loading={create.isPending}
          disabled={!hasPaymentPassword || usable.length === 0}
          onClick={submit}
        >
          确认提现
        </Button>
        <div className="hint">提现申请提交后金额将被冻结，审核通过后汇出；审核前可随时取消。</div>
      </div>
      <PaymentPasswordSheet visible={sheet} onClose={() => setSheet(false)} hasPassword={false} />
    </PullToRefresh>
  );
}

function WithdrawRecords() {
  const query = useWithdrawListQuery();
  const cancel = useCancelWithdrawMutation();
  const confirmCancel = async (item: WithdrawView) => {
    if (
      await Dialog.confirm({
        title: '取消提现',
        content: `取消提现 ${item.amount} 元？金额将退回账户余额。`,
        confirmText: '确认取消',
      })
    )
      cancel.mutate(item.id, { onSuccess: () => toast.success('提现已取消，金额已退回') });
  };
  return (
    <PagedList
      query={query}
      testId="withdraw-records"
      emptyTitle="暂无提现记录"
      emptyDescription="提现申请后可在这里查看审核进度"
      keyOf={(item) => item.id}
      renderItem={(item) => <WithdrawCard item={item} onCancel={(w) => void confirmCancel(w)} />}
    />
  );
}
