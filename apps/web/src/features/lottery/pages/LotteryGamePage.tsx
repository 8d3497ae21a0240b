import {
  formatFen,
  betAmountFen,
  type LotteryDrawnEvent,
  type LotteryPlayView,
  type LotteryUnitMode,
} from '@app/shared';
import { Button, Dialog, DotLoading, ErrorBlock, Popup, Stepper, Tabs } from 'antd-mobile';
import { BillOutline, DeleteOutline, HistogramOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { randomId } from '@/lib/random.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { useServerNow } from '../clock.ts';
import { BetCard } from '../components/BetCard.tsx';
import { Countdown, phaseOf } from '../components/Countdown.tsx';
import { NumberPicker } from '../components/NumberPicker.tsx';
import { OpenCode } from '../components/OpenCode.tsx';
import { WalletBar } from '../components/WalletBar.tsx';
import { useLotteryLive } from '../live.ts';
import {
  codesOf,
  codesText,
  detailPath,
  itemsOf,
  playTitle,
  recordsPath,
  rulesOf,
  unitFen,
  UNIT_SUFFIX,
  UNITS,
  type PickState,
  type SlipLine,
} from '../model.ts';
import {
  useBetListQuery,
  useCurrentExpectQuery,
  useLotteryDetailQuery,
  usePlaceBetMutation,
  usePlayGroupsQuery,
} from '../queries.ts';
import { randomPick } from '../random-pick.ts';
import { ensureLotteryToken } from '../token.ts';
import '../lottery.css';

/** pages/lottery/lottery-game?code=: play tabs, number pickers, 机选, the slip, countdown and live results. */
export default function LotteryGamePage() {
  const code = useUrlParam('code');
  const navigate = useNavigate();
  const now = useServerNow();
  const detail = useLotteryDetailQuery(code);
  const expect = useCurrentExpectQuery(code);
  const groups = usePlayGroupsQuery(code);
  const myBets = useBetListQuery('all', code, 5);
  const place = usePlaceBetMutation();

  const [groupName, setGroupName] = useState('');
  const [playCode, setPlayCode] = useState('');
  const [picks, setPicks] = useState<PickState>({});
  const [multiple, setMultiple] = useState(1);
  const [unit, setUnit] = useState<LotteryUnitMode>('yuan');
  const [slip, setSlip] = useState<SlipLine[]>([]);
  const [slipOpen, setSlipOpen] = useState(false);
  const [flash, setFlash] = useState<LotteryDrawnEvent | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    void ensureLotteryToken();
  }, []);

  useLotteryLive(code ? [code] : [], (event) => {
    setFlash(event);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlash(null), 8_000);
  });
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const allGroups = groups.data?.groups ?? [];
  const group = allGroups.find((g) => g.group === groupName) ?? allGroups[0];
  const play: LotteryPlayView | undefined = group?.plays.find((p) => p.code === playCode) ?? group?.plays[0];
  const rules = useMemo(() => (play ? rulesOf(code, play.code, Date.now()) : undefined), [code, play]);
  const codes = play ? codesOf(play, picks) : '';
  const { items, message } = itemsOf(rules, codes);
  const amountFen = items > 0 ? betAmountFen(items, multiple, unitFen(unit)) : 0n;

  const current = expect.data?.current ?? null;
  const previous = expect.data?.previous ?? null;
  const phase = phaseOf(current, now).phase;
  const family = detail.data?.type ?? groups.data?.type;

  // Crossing 封盘 or the draw: ask the server for the new state (pushes usually arrive first).
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current !== phase) {
      lastPhase.current = phase;
      void expect.refetch();
    }
  }, [phase, expect]);

  const selectPlay = (next: LotteryPlayView) => {
    setPlayCode(next.code);
    setPicks({});
  };
  const lineOf = (): SlipLine | null =>
    play && items > 0
      ? {
          id: randomId(12),
          playCode: play.code,
          playName: playTitle(play.group, play.name),
          codes,
          items,
          multiple,
          unit,
          amountFen,
        }
      : null;

  const addToSlip = () => {
    const line = lineOf();
    if (!line) {
      toast.info(message ?? '请先选择号码');
      return;
    }
    setSlip((s) => [...s, line]);
    setPicks({});
    toast.success('已加入注单');
  };
  const machinePick = () => {
    if (!play || !rules) return;
    const picked = randomPick(play, rules);
    if (picked) setPicks(picked);
  };

  const lines = (): SlipLine[] => {
    const line = lineOf();
    return line ? [...slip, line] : slip;
  };
  const totalFen = lines().reduce((sum, l) => sum + l.amountFen, 0n);
  const totalItems = lines().reduce((sum, l) => sum + l.items, 0);

  const submit = async () => {
    const bets = lines();
    if (!current || bets.length === 0) {
      toast.info(message ?? '请先选择号码');
      return;
    }
    const confirmed = await Dialog.confirm({
      title: `确认投注 第${current.expect}期`,
      content: (
        <div className="lt-confirm">
          {bets.map((l) => (
            <div key={l.id} className="lt-confirm-line">
              <span>{l.playName}</span>
              <span className="lt-confirm-codes">{codesText(l.playCode, l.codes)}</span>
              <span>
                {l.items}注 × {l.multiple}倍{UNIT_SUFFIX[l.unit]} = {formatFen(l.amountFen)}元
              </span>
            </div>
          ))}
          <div className="lt-confirm-total">
            合计 <strong>{formatFen(totalFen)}</strong> 元
          </div>
        </div>
      ),
      confirmText: '确认投注',
    });
    if (!confirmed) return;
    place.mutate(
      {
        lottery_code: code,
        expect: current.expect,
        total_amount: formatFen(totalFen),
        bets: bets.map((l) => ({
          play_code: l.playCode,
          bet_codes: l.codes,
          multiple: l.multiple,
          unit: l.unit,
        })),
      },
      {
        onSuccess: (result) => {
          toast.success(`投注成功，共${result.bets.length}注单 ${result.total_amount} 元`);
          setSlip([]);
          setPicks({});
          setSlipOpen(false);
        },
      },
    );
  };

  const title = detail.data?.name ?? '彩票';
  const failed = groups.error ?? detail.error;
  return (
    <Page
      title={title}
      bodyClassName="lt-game-body"
      right={
        <span className="lt-nav-actions">
          <button type="button" aria-label="开奖走势" onClick={() => void navigate(detailPath(code))}>
            <HistogramOutline />
          </button>
          <button type="button" aria-label="投注记录" onClick={() => void navigate(recordsPath(code))}>
            <BillOutline />
          </button>
        </span>
      }
      footer={
        <div className="lt-slipbar">
          <div className="lt-slipbar-row">
            <button type="button" className="lt-chip-button" onClick={machinePick} disabled={!play}>
              机选
            </button>
            <button type="button" className="lt-chip-button" onClick={() => setPicks({})}>
              清空
            </button>
            <Stepper
              className="lt-stepper"
              min={1}
              max={9999}
              digits={0}
              value={multiple}
              onChange={(v) => setMultiple(Math.max(1, Math.min(9999, Math.floor(v || 1))))}
            />
            <span className="muted lt-times">倍</span>
            <span className="lt-units" role="radiogroup" aria-label="投注单位">
              {UNITS.map((u) => (
                <button
                  key={u.mode}
                  type="button"
                  role="radio"
                  aria-checked={unit === u.mode}
                  className={unit === u.mode ? 'on' : undefined}
                  onClick={() => setUnit(u.mode)}
                >
                  {u.label}
                </button>
              ))}
            </span>
          </div>
          <div className="lt-slipbar-row">
            <button type="button" className="lt-slip-summary" onClick={() => setSlipOpen(true)}>
              <span data-testid="slip-items">
                共 <strong>{totalItems}</strong> 注
              </span>
              <span data-testid="slip-amount">
                <strong className="gold-text">{formatFen(totalFen)}</strong> 元
              </span>
              {slip.length > 0 ? <span className="lt-slip-count">注单 {slip.length}</span> : null}
            </button>
            <Button size="small" fill="outline" className="gold" onClick={addToSlip} disabled={items === 0}>
              加入注单
            </Button>
            <Button
              size="small"
              color="primary"
              onClick={() => void submit()}
              disabled={phase !== 'open' || totalItems === 0 || place.isPending}
            >
              {phase === 'pending' ? '未开盘' : phase === 'open' || phase === 'none' ? '立即投注' : '已封盘'}
            </Button>
          </div>
        </div>
      }
    >
      <div className="lt-game-head card card-gold">
        <div className="lt-game-period">
          <span>
            第 <strong className="mono">{current?.expect ?? '--'}</strong> 期
          </span>
          <Countdown period={current} now={now} />
        </div>
        <div className={flash ? 'lt-game-last flash' : 'lt-game-last'} data-testid="last-draw">
          <span className="muted">
            {flash ? `第${flash.period}期开奖` : previous ? `第${previous.expect}期` : '上期'}
          </span>
          {family ? (
            <OpenCode family={family} code={flash?.open_code ?? previous?.open_code ?? null} size="sm" />
          ) : null}
        </div>
        {current ? (
          <div className="lt-commitment mono" title="本期开奖种子的 SHA-256 承诺值，开奖后可验证">
            承诺值 {current.commitment.slice(0, 24)}…
          </div>
        ) : null}
      </div>
      <div className="lt-wallet-wrap">
        <WalletBar />
      </div>

      {failed ? (
        <ErrorBlock status="disconnected" title={failed.message} description="请下拉刷新或稍后重试" />
      ) : !group || !play ? (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      ) : (
        <>
          <Tabs
            className="lt-tabs"
            activeKey={group.group}
            onChange={(key) => {
              setGroupName(key);
              setPlayCode('');
              setPicks({});
            }}
          >
            {allGroups.map((g) => (
              <Tabs.Tab key={g.group} title={g.group} />
            ))}
          </Tabs>
          {group.plays.length > 1 ? (
            <div className="lt-play-chips">
              {group.plays.map((p) => (
                <button
                  key={p.code}
                  type="button"
                  className={p.code === play.code ? 'lt-chip on' : 'lt-chip'}
                  onClick={() => selectPlay(p)}
                >
                  {p.name}
                </button>
              ))}
            </div>
          ) : null}
          <div className="lt-rule">
            <strong>{play.name}</strong>
            <span>{play.rule}</span>
            {play.odds.length === 1 ? <span className="lt-rule-odds">赔率 {play.odds[0]!.odds}</span> : null}
          </div>
          <div className="lt-picker" data-testid="number-picker" data-play={play.code}>
            <NumberPicker play={play} picks={picks} onChange={setPicks} />
          </div>
          {message ? <div className="lt-picker-message">{message}</div> : null}
        </>
      )}

      <section className="section">
        <div className="section-head">
          <h3 className="section-title">我的投注</h3>
          <button type="button" className="lt-link" onClick={() => void navigate(recordsPath(code))}>
            全部记录
          </button>
        </div>
        <div className="stack" data-testid="my-bets">
          {(myBets.data?.pages[0]?.list ?? []).map((bet) => (
            <BetCard key={bet.id} bet={bet} family={family ?? 'k3'} compact />
          ))}
          {myBets.data && myBets.data.pages[0]?.list.length === 0 ? (
            <div className="lt-empty-hint">本彩种暂无投注</div>
          ) : null}
          {myBets.error ? <div className="lt-empty-hint">{myBets.error.message}</div> : null}
        </div>
      </section>

      <Popup visible={slipOpen} onMaskClick={() => setSlipOpen(false)} bodyClassName="lt-slip-popup">
        <div className="lt-slip-head">
          <strong>投注单</strong>
          <button type="button" className="lt-link" onClick={() => setSlip([])}>
            清空注单
          </button>
        </div>
        <div className="lt-slip-lines">
          {lines().length === 0 ? <div className="lt-empty-hint">注单为空，请先选号</div> : null}
          {lines().map((l) => (
            <div key={l.id} className="lt-slip-line">
              <div>
                <div>{l.playName}</div>
                <div className="lt-slip-codes">{codesText(l.playCode, l.codes)}</div>
              </div>
              <div className="lt-slip-line-amount">
                <span>
                  {l.items}注 × {l.multiple}倍{UNIT_SUFFIX[l.unit]}
                </span>
                <strong>{formatFen(l.amountFen)}元</strong>
              </div>
              {slip.some((s) => s.id === l.id) ? (
                <button
                  type="button"
                  aria-label="删除"
                  className="lt-icon-button"
                  onClick={() => setSlip((s) => s.filter((x) => x.id !== l.id))}
                >
                  <DeleteOutline />
                </button>
              ) : (
                <span className="lt-slip-current">当前</span>
              )}
            </div>
          ))}
        </div>
        <div className="lt-slip-foot">
          <span>
            合计 <strong className="gold-text">{formatFen(totalFen)}</strong> 元
          </span>
          <Button
            color="primary"
            onClick={() => void submit()}
            disabled={phase !== 'open' || totalItems === 0}
          >
            确认投注
          </Button>
        </div>
      </Popup>
    </Page>
  );
}
