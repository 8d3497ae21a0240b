import { zodResolver } from '@hookform/resolvers/zod';
import {
  createWithdrawBody,
  fenFromDecimal,
  formatFen,
  parseRate,
  usdtFromFen,
  withdrawFee,
  type CreateWithdrawBody,
  type WithdrawView,
} from '@app/shared';
import { Button, Dialog, DotLoading, PullToRefresh, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { firstError, formResolver } from '@/ui/form.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { NoticeBar } from '../../notices/NoticeBar.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { PaymentPasswordSheet } from '../../mine/components/PasswordSheets.tsx';
import { useSessionStore } from '../../session/store.ts';
import { AmountField } from '../components/AmountField.tsx';
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

/** The withdrawal request as the shared contract checks it, and a zero amount is no request. */
const withdrawForm = createWithdrawBody.refine((body) => body.amount > 0n, {
  path: ['amount'],
  message: '请输入提现金额',
});

interface WithdrawFields {
  wallet_id: number | null;
  amount: string;
  payment_password: string;
}

const WITHDRAW_FIELDS = ['wallet_id', 'amount', 'payment_password'] as const;

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const hasPaymentPassword = useSessionStore((s) => Boolean(s.userinfo?.has_payment_password));
  const config = useWithdrawConfigQuery();
  const balance = useWithdrawBalanceQuery();
  const wallets = useWalletsQuery();
  const create = useCreateWithdrawMutation();
  const form = useForm<WithdrawFields, unknown, CreateWithdrawBody>({
    resolver: formResolver(zodResolver(withdrawForm), {
      wallet_id: '请先添加提现账户',
      amount: '请输入提现金额',
    }),
    // Problems are told in a toast on submit, one at a time, in the order of the page.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { wallet_id: null, amount: '', payment_password: '' },
  });
  const [walletId, amount] = useWatch({ control: form.control, name: ['wallet_id', 'amount'] });
  const [sheet, setSheet] = useState(false);

  const usable = wallets.data?.list.filter((w) => w.enabled) ?? [];
  const wallet = usable.find((w) => w.id === walletId) ?? usable[0];
  // The first usable wallet is the one chosen until the member taps another.
  useEffect(() => {
    if (wallet && wallet.id !== walletId) form.setValue('wallet_id', wallet.id);
  }, [wallet, walletId, form]);
  const cfg = config.data;
  const { rule, problem } = withdrawRule(
    cfg ? { min: fenFromDecimal(cfg.min_amount), max: fenFromDecimal(cfg.max_amount) } : null,
    balance.data ? fenFromDecimal(balance.data.withdrawable) : null,
    balance.data ? fenFromDecimal(balance.data.turnover_required) : 0n,
  );
  const typed = checkAmount(amount, rule);
  const check = typed.state === 'ok' && problem ? { state: 'invalid' as const, message: problem } : typed;
  const fee =
    check.state === 'ok' && cfg
      ? withdrawFee(check.value, {
          rateBp: cfg.fee_rate_bp,
          min: fenFromDecimal(cfg.fee_min),
          max: fenFromDecimal(cfg.fee_max),
        })
      : null;
  const actual = check.state === 'ok' && fee !== null ? check.value - fee : null;
  const rate = cfg ? parseRate(cfg.usdt_rate) : null;
  const turnoverLeft = balance.data && balance.data.turnover_required !== '0.00';

  const submit = form.handleSubmit(
    (body) =>
      create.mutate(
        // The amount travels as the number typed, in 元 with two decimals.
        {
          wallet_id: body.wallet_id,
          amount: check.state === 'ok' ? formatFen(check.value) : amount,
          payment_password: body.payment_password,
        },
        {
          onSuccess: () => {
            toast.success('提现申请已提交，等待审核');
            form.reset({ wallet_id: walletId, amount: '', payment_password: '' });
            onDone();
          },
        },
      ),
    (errors) => toast.error(firstError(errors, WITHDRAW_FIELDS) ?? '请检查提现信息'),
  );

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
            <Money value={balance.data?.balance} />
          </div>
          <div className="fin-row">
            <span>可提现</span>
            <Money className="gold-text" value={balance.data?.withdrawable} />
          </div>
          <div className="fin-row">
            <span>冻结中</span>
            <span data-testid="withdraw-frozen">
              <Money value={balance.data?.frozen} />
            </span>
          </div>
          <div className="fin-row">
            <span>剩余打码量</span>
            <Money
              className={turnoverLeft ? 'fin-reason' : undefined}
              value={balance.data?.turnover_required}
            />
          </div>
          {turnoverLeft ? <div className="hint">完成剩余打码量后即可提现</div> : null}
          <div className="hint" data-testid="turnover-rules">
            打码量来自充值和彩金（体验金、签到、活动奖励等）；体育、彩票已结算注单和电子游戏的有效投注额计入完成量，撤单、退款与钱包间转账不计入。
          </div>
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
                  onClick={() => form.setValue('wallet_id', w.id)}
                />
              ))}
            </div>
          )}
        </div>

        <div className="card">
          <div className="fin-title">提现金额（元）</div>
          <Controller
            control={form.control}
            name="amount"
            render={({ field }) => (
              <AmountField
                value={field.value}
                onChange={field.onChange}
                rule={rule}
                problem={problem && typed.state === 'ok' ? problem : null}
                unit="¥"
                label="提现金额"
                placeholder={cfg ? `${yuan(cfg.min_amount)} – ${yuan(cfg.max_amount)}` : ''}
                testId="withdraw-amount"
                extra={
                  <Button
                    size="mini"
                    className="fin-all"
                    onClick={() => form.setValue('amount', balance.data?.withdrawable ?? '')}
                  >
                    全部
                  </Button>
                }
              />
            )}
          />
          <div className="fin-row" style={{ marginTop: 8 }}>
            <span>手续费</span>
            <span data-testid="withdraw-fee">
              {fee !== null ? `${yuan(fee)} 元` : cfg?.fee_rate_bp ? `${cfg.fee_rate_bp / 100}%` : '免费'}
            </span>
          </div>
          <div className="fin-row">
            <span>实际到账</span>
            <span className="gold-text">
              {actual !== null && actual > 0n
                ? wallet && wallet.type !== 'bank' && rate
                  ? `${yuan(usdtFromFen(actual, rate))} USDT`
                  : `${yuan(actual)} 元`
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
            <Controller
              control={form.control}
              name="payment_password"
              render={({ field }) => (
                <PasswordInput
                  value={field.value}
                  onChange={field.onChange}
                  placeholder="请输入6位支付密码"
                  inputMode="numeric"
                  maxLength={6}
                  name="withdraw_password"
                />
              )}
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
          onClick={() => {
            // Nothing is sent for an amount the field refuses (its reason shows under it).
            if (check.state === 'empty') return toast.error('请输入提现金额');
            if (check.state === 'invalid') return toast.error(check.message);
            void submit();
          }}
        >
          确认提现
        </Button>
        <div className="hint">提现申请提交后金额将被冻结，审核通过后汇出；审核前可随时取消。</div>
      </div>
      <PaymentPasswordSheet visible={sheet} onClose={() => setSheet(false)} hasPassword={false} />
    </PullToRefresh>
  );
}

/**
 * What the amount field accepts: the single-withdrawal limits, capped by what is withdrawable now,
 * so an amount over the balance is refused with the range that is really open. When nothing in
 * the limits is withdrawable (turnover left, or less than the minimum), the field keeps the limits
 * and `problem` says why an amount inside them still cannot go.
 */
function withdrawRule(
  limits: { min: bigint; max: bigint } | null,
  withdrawable: bigint | null,
  turnoverLeft: bigint,
): { rule: AmountRule; problem: string | null } {
  const label = '提现金额';
  if (!limits) return { rule: { kind: 'money', label }, problem: null };
  if (withdrawable === null) return { rule: { kind: 'money', label, ...limits }, problem: null };
  const max = withdrawable < limits.max ? withdrawable : limits.max;
  if (max >= limits.min) return { rule: { kind: 'money', label, min: limits.min, max }, problem: null };
  return {
    rule: { kind: 'money', label, ...limits },
    problem:
      turnoverLeft > 0n
        ? `还需完成打码量 ${yuan(turnoverLeft)} 元才能提现`
        : `可提现余额 ${yuan(withdrawable)} 元，不足单笔最低提现 ${yuan(limits.min)} 元`,
  };
}

function WithdrawRecords() {
  const query = useWithdrawListQuery();
  const cancel = useCancelWithdrawMutation();
  const confirmCancel = async (item: WithdrawView) => {
    if (
      await Dialog.confirm({
        title: '取消提现',
        content: `取消提现 ${yuan(item.amount)} 元？金额将退回账户余额。`,
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
