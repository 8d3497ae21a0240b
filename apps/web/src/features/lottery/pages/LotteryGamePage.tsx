import { betAmountFen, formatFen } from '@app/shared';
import { Dialog, DotLoading, ErrorBlock } from 'antd-mobile';
import { BillOutline, HistogramOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { randomId } from '@/lib/random.ts';
import { toast } from '@/lib/toast.tsx';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { ChaseSheet } from '../chase/ChaseSheet.tsx';
import { StartSyndicateSheet } from '../../syndicates/components/StartSyndicateSheet.tsx';
import { syndicatePath } from '../../syndicates/paths.ts';
import { WalletBar } from '../components/WalletBar.tsx';
import { GameHeader } from '../game/GameHeader.tsx';
import { MyBets } from '../game/MyBets.tsx';
import { NumberBoard } from '../game/NumberBoard.tsx';
import { PlayPicker } from '../game/PlayPicker.tsx';
import { EMPTY_SLIP, slipReducer } from '../game/slip-state.ts';
import { SlipBar } from '../game/SlipBar.tsx';
import { usePeriodPhase } from '../game/use-period-phase.ts';
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
  type SlipLine,
} from '../model.ts';
import {
  useCurrentExpectQuery,
  useLotteryDetailQuery,
  usePlaceBetMutation,
  usePlayGroupsQuery,
} from '../queries.ts';
import { randomPick } from '../random-pick.ts';
import { ensureLotteryToken } from '../token.ts';
import '../lottery.css';
import { yuan } from '@/ui/Money.tsx';

/**
 * pages/lottery/lottery-game?code=: play tabs, number pickers, 机选, the slip, countdown and live
 * results. The page holds what the member builds (one reducer) and re-renders when that, its data
 * or the period's phase changes; the countdown ticks in its own leaf (LiveCountdown).
 */
export default function LotteryGamePage() {
  const code = useUrlParam('code');
  const navigate = useNavigate();
  const detail = useLotteryDetailQuery(code);
  const expect = useCurrentExpectQuery(code);
  const groups = usePlayGroupsQuery(code);
  const place = usePlaceBetMutation();
  const [state, dispatch] = useReducer(slipReducer, EMPTY_SLIP);
  const [chasing, setChasing] = useState(false);
  const [syndicating, setSyndicating] = useState(false);

  useEffect(() => {
    void ensureLotteryToken();
  }, []);

  const allGroups = groups.data?.groups ?? [];
  const group = allGroups.find((g) => g.group === state.groupName) ?? allGroups[0];
  const play = group?.plays.find((p) => p.code === state.playCode) ?? group?.plays[0];
  const rules = useMemo(() => (play ? rulesOf(code, play.code, Date.now()) : undefined), [code, play]);
  const codes = play ? codesOf(play, state.picks) : '';
  const { items, message } = itemsOf(rules, codes);

  const current = expect.data?.current ?? null;
  const previous = expect.data?.previous ?? null;
  const phase = usePeriodPhase(current);
  const family = detail.data?.type ?? groups.data?.type;

  // Crossing 封盘 or the draw: ask the server for the new state (pushes usually arrive first).
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current !== phase) {
      lastPhase.current = phase;
      void expect.refetch();
    }
  }, [phase, expect]);

  /** The current picks as a slip line, when they make a bet. */
  const currentLine: SlipLine | null =
    play && items > 0
      ? {
          id: `current:${play.code}`,
          playCode: play.code,
          playName: playTitle(play.group, play.name),
          codes,
          items,
          multiple: state.multiple,
          unit: state.unit,
          amountFen: betAmountFen(items, state.multiple, unitFen(state.unit)),
        }
      : null;
  const lines = currentLine ? [...state.lines, currentLine] : state.lines;

  const addToSlip = () => {
    if (!currentLine) {
      toast.info(message ?? '请先选择号码');
      return;
    }
    dispatch({ type: 'add', line: { ...currentLine, id: randomId(12) } });
    toast.success('已加入注单');
  };
  const machinePick = () => {
    if (!play || !rules) return;
    const picked = randomPick(play, rules);
    if (picked) dispatch({ type: 'picks', picks: picked });
  };

  const submit = async (): Promise<boolean> => {
    if (!current || lines.length === 0) {
      toast.info(message ?? '请先选择号码');
      return false;
    }
    const totalFen = lines.reduce((sum, l) => sum + l.amountFen, 0n);
    const confirmed = await Dialog.confirm({
      title: `确认投注 第${current.expect}期`,
      content: (
        <div className="lt-confirm">
          {lines.map((l) => (
            <div key={l.id} className="lt-confirm-line">
              <span>{l.playName}</span>
              <span className="lt-confirm-codes">{codesText(l.playCode, l.codes)}</span>
              <span>
                {l.items}注 × {l.multiple}倍{UNIT_SUFFIX[l.unit]} = {yuan(l.amountFen)}元
              </span>
            </div>
          ))}
          <div className="lt-confirm-total">
            合计 <strong>{yuan(totalFen)}</strong> 元
          </div>
        </div>
      ),
      confirmText: '确认投注',
    });
    if (!confirmed) return false;
    try {
      const result = await place.mutateAsync({
        lottery_code: code,
        expect: current.expect,
        total_amount: formatFen(totalFen),
        bets: lines.map((l) => ({
          play_code: l.playCode,
          bet_codes: l.codes,
          multiple: l.multiple,
          unit: l.unit,
        })),
      });
      toast.success(`投注成功，共${result.bets.length}注单 ${yuan(result.total_amount)} 元`);
      dispatch({ type: 'placed' });
      return true;
    } catch {
      // The mutation toasts the failure.
      return false;
    }
  };

  const failed = groups.error ?? detail.error;
  return (
    <Page
      title={detail.data?.name ?? '彩票'}
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
        <SlipBar
          state={state}
          lines={lines}
          items={items}
          phase={phase}
          placing={place.isPending}
          canPick={Boolean(play)}
          dispatch={dispatch}
          onMachinePick={machinePick}
          onAdd={addToSlip}
          onSubmit={submit}
          onChase={() => {
            if (lines.length === 0) toast.info(message ?? '请先选择号码');
            else setChasing(true);
          }}
          onSyndicate={() => {
            if (lines.length === 0) toast.info(message ?? '请先选择号码');
            else setSyndicating(true);
          }}
        />
      }
    >
      <GameHeader code={code} current={current} previous={previous} family={family} />
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
          <PlayPicker groups={allGroups} group={group} play={play} dispatch={dispatch} />
          <NumberBoard play={play} picks={state.picks} message={message} dispatch={dispatch} />
        </>
      )}

      <MyBets code={code} family={family} />
      {current && syndicating ? (
        <StartSyndicateSheet
          open
          subject={{
            lottery: {
              lottery_code: code,
              expect: current.expect,
              bets: lines.map((l) => ({
                play_code: l.playCode,
                bet_codes: l.codes,
                multiple: l.multiple,
                unit: l.unit,
              })),
            },
          }}
          totalFen={lines.reduce((sum, l) => sum + l.amountFen, 0n)}
          onClose={() => setSyndicating(false)}
          onStarted={(id) => {
            setSyndicating(false);
            dispatch({ type: 'placed' });
            void navigate(syndicatePath(id));
          }}
        />
      ) : null}
      {current ? (
        <ChaseSheet
          visible={chasing}
          code={code}
          firstExpect={current.expect}
          lines={lines}
          onClose={() => setChasing(false)}
          onPlaced={() => {
            setChasing(false);
            dispatch({ type: 'placed' });
          }}
        />
      ) : null}
    </Page>
  );
}
