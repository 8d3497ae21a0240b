import { BET_TYPES, formatFen, optionName, playTypeOf, type BetType, type ValidSlip } from '@app/shared';
import { Dialog } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { newIdempotencyKey } from '@/lib/api/client.ts';
import { ApiError, errorMessage } from '@/lib/api/errors.ts';
import { loginPathFor } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import type { SubmitResult } from '../../orders/model.ts';
import { useSubmitOrderMutation } from '../../orders/queries.ts';
import { isLoggedIn } from '../../session/store.ts';
import { buildSubmitBody, previewSlip } from './preview.ts';
import { applyOddsChanges, clearSlipSelections, useSlipStore, type OddsChange } from './store.ts';

/** The message the server sends with a 409 (kept for the dialog title). */
const ODDS_CHANGED_TITLE = '赔率已变化';

function ConfirmContent({ valid, multiple }: { valid: ValidSlip; multiple: number }) {
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
      <div>
        <dt>注数 × 倍数</dt>
        <dd>
          {valid.betCount}注 × {multiple}倍
        </dd>
      </div>
      <div>
        <dt>投注金额</dt>
        <dd className="gold-text">{formatFen(valid.totalStake)}元</dd>
      </div>
      <div>
        <dt>最高奖金</dt>
        <dd className="prize">{formatFen(valid.maxPrize)}元</dd>
      </div>
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
          return (
            <li key={`${c.match_id}-${c.bet_type}-${c.option}`}>
              <span>
                {matches[String(c.match_id)]?.matchNo ?? c.match_id} {name}
              </span>
              <span>
                {c.old_odds} → <strong>{c.new_odds ?? '停售'}</strong>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function oddsChangesOf(error: ApiError): OddsChange[] {
  const changes = (error.data as { changes?: unknown } | null)?.changes;
  return Array.isArray(changes) ? (changes as OddsChange[]) : [];
}

/**
 * Confirm and place the slip: the engine's verdict first (its message, nothing sent), login,
 * a confirmation with what will be charged, then POST with a fresh Idempotency-Key. A 409 updates
 * the slip to the server's odds and asks the member to confirm again.
 */
export function useSlipSubmit(onPlaced: (result: SubmitResult) => void) {
  const mutation = useSubmitOrderMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = async () => {
    const choices = useSlipStore.getState();
    const preview = previewSlip(choices);
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
    const confirmed = await Dialog.confirm({
      title: '确认投注',
      content: <ConfirmContent valid={preview} multiple={choices.multiple} />,
      confirmText: '确认投注',
      cancelText: '再想想',
    });
    if (!confirmed) return;

    // The body is what the member just confirmed, even if odds refresh in the meantime.
    const body = buildSubmitBody(choices, preview);
    try {
      const result = await mutation.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
      clearSlipSelections();
      toast.success('投注成功');
      onPlaced(result);
    } catch (err) {
      if (err instanceof ApiError && err.code === 409) {
        const changes = oddsChangesOf(err);
        const content = <OddsChanges changes={changes} message={err.message} />;
        applyOddsChanges(changes);
        await Dialog.alert({ title: ODDS_CHANGED_TITLE, content, confirmText: '知道了' });
        return;
      }
      toast.error(errorMessage(err));
    }
  };

  return { submit, submitting: mutation.isPending };
}
