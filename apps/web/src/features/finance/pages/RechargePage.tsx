import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPaymentOrderBody,
  fenFromDecimal,
  fenFromUsdt,
  formatFen,
  parseRate,
  type PaymentMethodView,
  type PaymentOrderView,
} from '@app/shared';
import { Button, Dialog, DotLoading, ErrorBlock, PullToRefresh, Tabs } from 'antd-mobile';
import { ApiError } from '@/lib/api/errors.ts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { firstError, formResolver } from '@/ui/form.tsx';
import { Page } from '@/ui/Page.tsx';
import { NoticeBar } from '../../notices/NoticeBar.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { checkUsdt, usdtRange, usdtRangeWords } from '../amounts.ts';
import { AmountField } from '../components/AmountField.tsx';
import { DepositCard } from '../components/RecordCards.tsx';
import { OwnAddressPanel } from '../components/OwnAddressPanel.tsx';
import { UsdtTransferPanel } from '../components/UsdtTransferPanel.tsx';
import {
  useCancelDepositMutation,
  useCreateDepositMutation,
  useDepositListQuery,
  useOpenUsdtOrderQuery,
  usePaymentMethodsQuery,
  useUsdtRateQuery,
} from '../queries.ts';
import { useFinancePushes } from '../pushes.ts';
import '../finance.css';
import { yuan } from '@/ui/Money.tsx';

/**
 * financePages/recharge: pick a method and an amount; gateway → hosted page, USDT → address + hash.
 * A USDT order not yet declared comes back here (issue 44, point 9): the page opens on its
 * transfer panel, not on an empty form that would make a second order.
 */
export default function RechargePage() {
  useFinancePushes();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'records' ? 'records' : 'pay';
  // A USDT order chosen in the records (it may be past its hold); else the open one, which the
  // server keeps (the one just made included).
  const [chosen, setChosen] = useState<PaymentOrderView | null>(null);
  const [madeHere, setMadeHere] = useState<number | null>(null);
  const open = useOpenUsdtOrderQuery();
  const usdtOrder = chosen ?? open.data?.order ?? null;
  const setTab = (key: string) => {
    // The records may change it (cancelled there): the records' next choice, or the open one.
    if (key === 'records') setChosen(null);
    setParams(key === 'records' ? { tab: 'records' } : {}, { replace: true });
  };
  return (
    <Page title="充值">
      <Tabs className="fin-tabs" activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="pay" title="充值" />
        <Tabs.Tab key="records" title="充值记录" />
      </Tabs>
      {tab === 'records' ? (
        <DepositRecords
          onTransfer={(order) => {
            setTab('pay');
            setChosen(order);
          }}
        />
      ) : open.isPending ? (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      ) : (
        <RechargeForm
          usdtOrder={usdtOrder}
          resumed={usdtOrder !== null && usdtOrder.id !== madeHere}
          onUsdtOrder={(order) => setMadeHere(order.id)}
          onUsdtDone={() => {
            setChosen(null);
            setTab('records');
          }}
          onUsdtCancelled={() => setChosen(null)}
          onUsdtRefused={() => void open.refetch()}
        />
      )}
    </Page>
  );
}

/** The deposit request as the shared contract checks it; a zero amount is no request. */
const depositForm = createPaymentOrderBody.refine((body) => body.amount > 0n, {
  path: ['amount'],
  message: '请输入充值金额',
});

interface DepositFields {
  method: string;
  amount: string;
}

interface RechargeFormProps {
  /** The USDT order to finish (shown in place of the amount while a USDT method is chosen). */
  usdtOrder: PaymentOrderView | null;
  /** It was made before this visit. */
  resumed: boolean;
  onUsdtOrder: (order: PaymentOrderView) => void;
  onUsdtDone: () => void;
  onUsdtCancelled: () => void;
  /** The server refused a second USDT order: one is open (made elsewhere meanwhile). */
  onUsdtRefused: () => void;
}

function RechargeForm({
  usdtOrder,
  resumed,
  onUsdtOrder,
  onUsdtDone,
  onUsdtCancelled,
  onUsdtRefused,
}: RechargeFormProps) {
  const navigate = useNavigate();
  const methods = usePaymentMethodsQuery();
  const rate = useUsdtRateQuery();
  const create = useCreateDepositMutation();
  const [picked, setPicked] = useState<string | null>(null);
  const form = useForm<DepositFields, unknown, unknown>({
    resolver: formResolver(zodResolver(depositForm), { amount: '请输入充值金额' }),
    // Told in a toast on submit; the amount's format shows under the input as it is typed.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { method: '', amount: '' },
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const available = methods.data?.list.filter((m) => m.enabled) ?? [];
  const method: PaymentMethodView | undefined =
    available.find((m) => m.code === (picked ?? usdtOrder?.method)) ?? available[0];

  if (methods.isPending)
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
      </div>
    );
  if (methods.error || !method)
    return (
      <PullToRefresh onRefresh={() => methods.refetch()}>
        <ErrorBlock
          status="disconnected"
          title={methods.error?.message ?? '暂无可用的充值方式'}
          description="下拉可重新加载"
        />
      </PullToRefresh>
    );

  const usdt = method.kind === 'usdt';
  const rateUnits = rate.data ? parseRate(rate.data.rate) : null;
  const minFen = fenFromDecimal(method.min_amount);
  const maxFen = fenFromDecimal(method.max_amount);
  // 元 limits for gateway methods; USDT is typed in USDT, so its range is the limits at the rate.
  const rule: AmountRule = usdt
    ? { kind: 'money', label: '充值数量' }
    : { kind: 'money', label: '充值金额', min: minFen, max: maxFen };
  const range = usdt && rateUnits ? usdtRange(minFen, maxFen, rateUnits) : null;
  const check = usdt ? checkUsdt(amount, rule, range) : checkAmount(amount, rule);
  const creditFen =
    check.state === 'ok'
      ? usdt
        ? rateUnits
          ? fenFromUsdt(check.value, rateUnits)
          : null
        : check.value
      : null;

  const submit = form.handleSubmit(
    () =>
      create.mutate(
        // The amount travels as the number typed, in 元 (USDT for USDT methods), two decimals.
        { method: method.code, amount: check.state === 'ok' ? formatFen(check.value) : amount },
        {
          onSuccess: (created) => {
            if (created.pay_url) void navigate(`/pages/payment/webview?order_id=${created.order.id}`);
            else onUsdtOrder(created.order);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.is('payments.usdt_order_open')) onUsdtRefused();
          },
        },
      ),
    (errors) => toast.error(firstError(errors, ['method', 'amount']) ?? '请输入充值金额'),
  );

  return (
    <PullToRefresh onRefresh={() => Promise.all([methods.refetch(), rate.refetch()])}>
      <div className="fin-body">
        <div className="card">
          <div className="fin-title">充值方式</div>
          <div className="fin-methods" data-testid="recharge-methods">
            {available.map((m) => (
              <button
                key={m.code}
                type="button"
                className="fin-method"
                aria-pressed={m.code === method.code}
                onClick={() => {
                  setPicked(m.code);
                  form.setValue('amount', '');
                }}
              >
                {m.name}
              </button>
            ))}
          </div>
        </div>
        {method.own_address ? (
          <>
            <NoticeBar category={3} />
            <OwnAddressPanel />
          </>
        ) : usdt && usdtOrder ? (
          <>
            <NoticeBar category={3} />
            <UsdtTransferPanel
              key={usdtOrder.id}
              order={usdtOrder}
              resumed={resumed}
              onDone={onUsdtDone}
              onCancelled={() => {
                // The form of the same method, for another order if the member wants one.
                setPicked(usdtOrder.method);
                form.setValue('amount', '');
                onUsdtCancelled();
              }}
            />
          </>
        ) : (
          <>
            <div className="card">
              <div className="fin-title">{usdt ? '充值数量（USDT）' : '充值金额（元）'}</div>
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <AmountField
                    value={field.value}
                    onChange={field.onChange}
                    rule={rule}
                    problem={check.state === 'invalid' ? check.message : null}
                    unit={usdt ? '₮' : '¥'}
                    label="充值金额"
                    placeholder={
                      usdt ? '请输入USDT数量' : `${yuan(method.min_amount)} – ${yuan(method.max_amount)}`
                    }
                    testId="recharge-amount"
                  />
                )}
              />
              <div className="fin-chips">
                {method.quick_amounts.map((q) => {
                  const label = q.replace(/\.00$/, '');
                  return (
                    <button
                      key={q}
                      type="button"
                      className="fin-chip"
                      aria-pressed={amount === label}
                      onClick={() => form.setValue('amount', label)}
                    >
                      {label}
                      {usdt ? ' U' : ''}
                    </button>
                  );
                })}
              </div>
              <div className="fin-row" style={{ marginTop: 10 }}>
                <span>单笔限额</span>
                <span data-testid="recharge-limits">
                  {yuan(method.min_amount)} – {yuan(method.max_amount)} 元
                </span>
              </div>
              {range ? (
                <div className="fin-row">
                  <span>单笔数量</span>
                  <span data-testid="recharge-usdt-range">{usdtRangeWords(range)}</span>
                </div>
              ) : null}
              {usdt ? (
                <>
                  <div className="fin-row">
                    <span>当前汇率</span>
                    <span data-testid="usdt-rate">1 USDT = {rate.data?.rate ?? '--'} 元</span>
                  </div>
                  <div className="fin-row">
                    <span>预计到账</span>
                    <span className="gold-text">{creditFen !== null ? `${yuan(creditFen)} 元` : '--'}</span>
                  </div>
                  <div className="hint">到账金额按下单时锁定的汇率计算，不足1分的部分舍去。</div>
                </>
              ) : null}
            </div>
            <Button
              block
              color="primary"
              size="large"
              loading={create.isPending}
              onClick={() => {
                // Nothing is sent for an amount the field refuses (its reason shows under it).
                if (check.state === 'empty') return toast.error('请输入充值金额');
                if (check.state === 'invalid') return toast.error(check.message);
                // The method shown is the one chosen (the first until the member taps another).
                form.setValue('method', method.code);
                void submit();
              }}
            >
              {usdt ? '获取收款地址' : '立即充值'}
            </Button>
            <div className="hint">
              充值到账后需完成等额打码量方可提现。网银/支付宝/微信充值将跳转到支付页面，支付完成后自动返回；USDT
              充值请向平台地址转账后提交交易哈希，财务确认后到账。
            </div>
          </>
        )}
      </div>
    </PullToRefresh>
  );
}

function DepositRecords({ onTransfer }: { onTransfer: (order: PaymentOrderView) => void }) {
  const navigate = useNavigate();
  const query = useDepositListQuery();
  const cancel = useCancelDepositMutation();
  const confirmCancel = async (order: PaymentOrderView) => {
    if (
      await Dialog.confirm({
        title: '取消订单',
        content: `取消充值订单 ${order.order_no}？`,
        confirmText: '确认取消',
      })
    )
      cancel.mutate(order.id, { onSuccess: () => toast.success('订单已取消') });
  };
  return (
    <PagedList
      query={query}
      testId="deposit-records"
      emptyTitle="暂无充值记录"
      emptyDescription="充值后可在这里查看到账进度"
      keyOf={(order) => order.id}
      renderItem={(order) => (
        <DepositCard
          order={order}
          onCancel={(o) => void confirmCancel(o)}
          onPay={(o) =>
            o.network ? onTransfer(o) : void navigate(`/pages/payment/webview?order_id=${o.id}`)
          }
        />
      )}
    />
  );
}
