import {
  BET_TYPES,
  freeBetWinnings,
  optionName,
  playTypeOf,
  type BetType,
  type ValidSlip,
} from '@app/shared';
import { Dialog } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { newIdempotencyKey } from '@/lib/api/client.ts';
import { ApiError, errorMessage } from '@/lib/api/errors.ts';
import { loginPathFor } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import type { SubmitResult } from '../../orders/model.ts';
import { useSubmitOrderMutation } from '../../orders/queries.ts';
import { isLoggedIn } from '../../session/store.ts';
import { serverNow } from '../clock.ts';
import { OddsMove } from '../components/OddsMove.tsx';
import { startConfirmation } from './confirmation.ts';
import { freeBetFit, type FreeBetFit } from './free-bet.ts';
import type { PendingOddsChange } from './odds-changes.ts';
import { buildSubmitBody, previewSlip } from './preview.ts';
import {
  acceptOddsChanges,
  applyOddsChanges,
  chooseFreeBet,
  clearSlipSelections,
  slipOddsChanges,
  useSlipStore,
  type OddsChange,
} from './store.ts';
import { yuan } from '@/ui/Money.tsx';
import type { FreeBet } from '../../free-bets/queries.ts';

/** The message the server sends with a 409 (kept for the dialog title). */
const ODDS_CHANGED_TITLE = '赔率已变化';

function optionLabel(betType: string, option: string): string {
  const { slip } = useSlipStore.getState();
  const def = (BET_TYPES as readonly string[]).includes(betType)
    ? playTypeOf(slip.currentSport, betType as BetType)
    : null;
  return def ? `${def.name} ${optionName(def.id, option)}` : option;
}

interface ConfirmProps {
  valid: ValidSlip;
  multiple: number;
  /** Prices that moved since they were picked: confirming takes them. */
  changes: readonly PendingOddsChange[];
  /** Some leg is in play: the order is confirmed after the bet delay. */
  inPlay: boolean;
  /** 免费投注券 staking the order (its value is the stake), with its value in 分. */
  freeBet: { ticket: FreeBet; valueFen: bigint } | null;
}

function ConfirmContent({ valid, multiple, changes, inPlay, freeBet }: ConfirmProps) {
  const { matches } = useSlipStore.getState();
  return (
    <>
      {changes.length > 0 ? (
        <div className="confirm-changes" data-testid="confirm-odds-changes">
          <p>以下赔率已变化，确认即按最新赔率投注：</p>
          <ul>
            {changes.map((c) => (
              <li key={`${c.selection.matchId}-${c.selection.betType}-${c.selection.option}`}>
                <span>
                  {matches[c.selection.matchId]?.matchNo ?? c.selection.matchId}{' '}
                  {optionLabel(c.selection.betType, c.selection.option)}
                </span>
                <OddsMove change={c} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmFacts valid={valid} multiple={multiple} freeBet={freeBet} />
      {inPlay ? (
        <p className="confirm-inplay" data-testid="confirm-inplay">
          含滚球选项：提交后需等待数秒确认，期间盘口暂停或赔率变化超出设置将被拒并退款
        </p>
      ) : null}
    </>
  );
}

function ConfirmFacts({
  valid,
  multiple,
  freeBet,
}: {
  valid: ValidSlip;
  multiple: number;
  freeBet: ConfirmProps['freeBet'];
}) {
  return (
    <dl className="confirm-list" data-testid="confirm-bet">
      <div>
        <dt>过关方式</dt>
        <dd>{valid.passType.name}</dd>
      </div>
      <div>
        <dt>场次</dt>
        <dd>{valid.matchCount}场</dd>
      </div>
      {valid.multiples ? (
        <div>
          <dt>注数</dt>
          <dd data-testid="confirm-optimised">{valid.betCount}注 · 奖金优化（每注倍数不同）</dd>
        </div>
      ) : (
        <div>
          <dt>注数 × 倍数</dt>
          <dd>
            {valid.betCount}注 × {multiple}倍
          </dd>
        </div>
      )}
      <div>
        <dt>投注金额</dt>
        <dd className="gold-text">{yuan(valid.totalStake)}元</dd>
      </div>
      {freeBet ? (
        <>
          <div data-testid="confirm-free-bet">
            <dt>免费投注券</dt>
            <dd>券抵扣 -{yuan(freeBet.valueFen)}元</dd>
          </div>
          <div>
            <dt>实付</dt>
            <dd className="gold-text" data-testid="confirm-pay">
              0.00元
            </dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>最高奖金</dt>
        <dd className="prize">{yuan(valid.maxPrize)}元</dd>
      </div>
      {freeBet ? (
        <div>
          <dt>最高实得（不含本金）</dt>
          <dd className="prize" data-testid="confirm-free-bet-net">
            {yuan(freeBetWinnings(valid.maxPrize, freeBet.valueFen))}元
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function OddsChanges({ changes, message }: { changes: readonly OddsChange[]; message: string }) {
  const { slip, matches } = useSlipStore.getState();
  return (
    <div className="odds-changes" data-testid="odds-changes">
      <p>{message}</p>
      <ul>
        {changes.map((c) => {
          const def = (BET_TYPES as readonly string[]).includes(c.bet_type)
            ? playTypeOf(slip.currentSport, c.bet_type as BetType)
            : null;
          const name = def ? optionName(def.id, c.option) : c.option;
          const tone = c.new_odds === null ? '' : (c.direction ?? '');
          return (
            <li key={`${c.match_id}-${c.bet_type}-${c.option}`} data-direction={c.direction}>
              <span>
                {matches[String(c.match_id)]?.matchNo ?? c.match_id} {name}
                {c.direction === 'line' && c.new_line !== undefined
                  ? ` 盘口 ${c.old_line ?? '-'} → ${c.new_line ?? '-'}`
                  : ''}
              </span>
              <span className={`odds-move ${tone}`}>
                {c.old_odds} → <strong>{c.new_odds ?? '停售'}</strong>
                {tone === 'up' || tone === 'down' ? <i className={`odds-trend ${tone}`} /> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {changes.some((c) => c.new_odds !== null) ? (
        <p className="odds-changes-tip">新赔率已标在投注单中，接受后即可重新提交</p>
      ) : null}
    </div>
  );
}

function oddsChangesOf(error: ApiError): OddsChange[] {
  const changes = (error.data as { changes?: unknown } | null)?.changes;
  return Array.isArray(changes) ? (changes as OddsChange[]) : [];
}

/** The verdict on the ticket the slip uses now; when it no longer fits, the slip drops it, saying why. */
function checkTicket(ticket: FreeBet): Extract<FreeBetFit, { ok: true }> | null {
  const fit = freeBetFit(ticket, useSlipStore.getState(), new Date(serverNow()));
  if (fit.ok) return fit;
  chooseFreeBet(null);
  toast.warning(`免费投注券不可用：${fit.reason}`);
  return null;
}

/** 投注成功, with the 免费投注券 that staked it and the 加奖 it joined. */
function placedText(result: SubmitResult): string {
  const parts = ['投注成功'];
  if (result.free_bet) parts.push(`已使用${yuan(result.free_bet.value)}元免费投注券`);
  if (result.boost) parts.push(`已参与${result.boost.name}（${result.boost.rate_text}）`);
  return parts.join('，');
}

/**
 * Confirm and place the slip: the engine's verdict first (its message, nothing sent), login,
 * a confirmation with what will be charged (and any price that moved since it was picked, which
 * confirming takes), then POST with a fresh Idempotency-Key. A 409 marks the server's odds in the
 * slip beside the old ones (接受赔率变化 takes them) and the member confirms again. An order with an
 * in-play leg comes back `confirming`: its countdown starts (confirmation.ts). `submit(plan)`
 * places a 奖金优化 plan: one multiple per bet, re-checked by the engine like the slip. A slip
 * using a 免费投注券 is checked against the ticket again and sends `free_bet_id` (never with a plan).
 */
export function useSlipSubmit(onPlaced: (result: SubmitResult) => void) {
  const mutation = useSubmitOrderMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = async (plan?: readonly number[]) => {
    let choices = useSlipStore.getState();
    if (plan && choices.freeBet) {
      toast.warning('免费投注券不可用于奖金优化方案');
      return;
    }
    // A chosen ticket must still stake the slip exactly; its multiple is the one the slip shows.
    if (choices.freeBet) {
      const fit = checkTicket(choices.freeBet);
      if (!fit) return;
      if (fit.multiple !== choices.multiple) {
        chooseFreeBet(choices.freeBet, fit.multiple);
        choices = useSlipStore.getState();
      }
    }
    const ticket = choices.freeBet;
    const preview = previewSlip(choices, plan);
    if (!preview.ok) {
      toast.warning(preview.message);
      return;
    }
    if (!isLoggedIn()) {
      const go = await Dialog.confirm({
        title: '请先登录',
        content: '登录后即可投注，已选的选项会为您保留。',
        confirmText: '去登录',
        cancelText: '取消',
      });
      if (go) void navigate(loginPathFor(location.pathname + location.search));
      return;
    }
    // An in-play leg suspended right now would be refused: say so before anything is sent.
    const suspended = choices.slip.selectedBets
      .map((s) => choices.matches[s.matchId])
      .find((info) => info?.inPlay && info.liveSuspended);
    if (suspended) {
      toast.warning(
        `${suspended.matchNo} 盘口暂停${suspended.liveSuspendReason ? `（${suspended.liveSuspendReason}）` : ''}，请稍后再投或移除该选项`,
      );
      return;
    }
    const changes = slipOddsChanges(choices);
    const inPlay = choices.slip.selectedBets.some((s) => choices.matches[s.matchId]?.inPlay);
    const confirmed = await Dialog.confirm({
      title: '确认投注',
      content: (
        <ConfirmContent
          valid={preview}
          multiple={choices.multiple}
          changes={changes}
          inPlay={inPlay}
          freeBet={ticket ? { ticket, valueFen: preview.totalStake } : null}
        />
      ),
      confirmText: '确认投注',
      cancelText: '再想想',
    });
    if (!confirmed) return;

    // Confirming what the dialog listed takes those new prices; the body is what was confirmed.
    let current = choices;
    let valid = preview;
    if (changes.length > 0) {
      acceptOddsChanges(changes);
      current = useSlipStore.getState();
      const again = previewSlip(current, plan);
      if (!again.ok) {
        toast.warning(again.message);
        return;
      }
      valid = again;
      // A new price under the ticket's minimum odds: the ticket can no longer stake it.
      if (current.freeBet && !checkTicket(current.freeBet)) return;
    }
    const body = buildSubmitBody(current, valid);
    try {
      const result = await mutation.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
      clearSlipSelections();
      if (result.status === 'confirming') startConfirmation(result, serverNow());
      else toast.success(placedText(result));
      onPlaced(result);
    } catch (err) {
      if (err instanceof ApiError && err.is('sports.odds_changed')) {
        const changes = oddsChangesOf(err);
        const content = <OddsChanges changes={changes} message={err.message} />;
        applyOddsChanges(changes);
        await Dialog.alert({ title: ODDS_CHANGED_TITLE, content, confirmText: '知道了' });
        return;
      }
      // The server refused the ticket (used on another device, expired): the slip stops using it.
      if (err instanceof ApiError && err.reason?.startsWith('free_bets.')) chooseFreeBet(null);
      toast.error(errorMessage(err));
    }
  };

  return { submit, submitting: mutation.isPending };
}
