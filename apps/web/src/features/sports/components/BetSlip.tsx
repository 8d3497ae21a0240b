import {
  countMatches,
  fenFromDecimal,
  optionName,
  playTypeOf,
  selectionKey,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MIN_MULTIPLE,
  type BetSelection,
} from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { CloseCircleFill, DeleteOutline, UpOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast.tsx';
import { CountInput } from '@/ui/AmountInput.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import type { SubmitResult } from '../../orders/model.ts';
import { useNavigate } from 'react-router';
import { StartSyndicateSheet } from '../../syndicates/components/StartSyndicateSheet.tsx';
import { syndicatePath } from '../../syndicates/paths.ts';
import {
  buildSubmitBody,
  groupByMatch,
  effectivePassType,
  offeredPassTypes,
  previewSlip,
  slipMaxPasses,
} from '../slip/preview.ts';
import {
  acceptOddsChanges,
  chooseFreeBet,
  chooseMultiple,
  choosePassType,
  clearSlipSelections,
  dismissDroppedLegs,
  removeSlipMatch,
  removeSlipSelection,
  slipOddsChanges,
  useSlipStore,
  type DroppedLeg,
} from '../slip/store.ts';
import { CLOSED_REASON_TEXT } from '../deadline.ts';
import { useSlipSubmit } from '../slip/use-submit.tsx';
import { beijingDateTime } from '../time.ts';
import { SlipSummary } from './SlipSummary.tsx';
import { BetConfirmation } from './BetConfirmation.tsx';
import { OddsMove } from './OddsMove.tsx';
import { OddsPolicyLine } from './OddsPolicySheet.tsx';
import { PrizeOptimiseSheet } from './PrizeOptimiseSheet.tsx';
import { planSlip } from '../slip/optimise.ts';
import { slipBoost } from '../slip/boost.ts';
import { useBoostsQuery } from '../boosts.ts';
import { useSlipFreeBets } from '../slip/use-free-bets.ts';
import { FreeBetLine, FreeBetPay, FreeBetPicker } from './FreeBetSlip.tsx';
import { serverNow } from '../clock.ts';
import type { PendingOddsChange } from '../slip/odds-changes.ts';

/** `主胜(-1)`; with the play type in front (`让球 主胜(-1)`) where a parlay mixes play types. */
function selectionLabel(s: BetSelection, withPlay = false): string {
  const def = playTypeOf(s.sport, s.betType);
  if (!def) return s.option;
  const line = s.line ? `(${s.line})` : '';
  return `${withPlay ? `${def.name} ` : ''}${optionName(def.id, s.option)}${line}`;
}

/** Legs the slip dropped (deadline passed, market suspended), each with its reason. */
function DroppedLegs({ dropped }: { dropped: readonly DroppedLeg[] }) {
  return (
    <div className="slip-dropped" data-testid="slip-dropped" role="status">
      <div className="slip-dropped-head">
        <span>以下选项已无法投注，已移出投注单</span>
        <button type="button" className="slip-dropped-ok" onClick={dismissDroppedLegs}>
          知道了
        </button>
      </div>
      {dropped.map((d) => (
        <div
          key={`${d.selection.matchId}|${d.selection.betType}|${d.selection.option}`}
          className="slip-dropped-leg"
          data-testid="slip-dropped-leg"
          data-reason={d.reason}
        >
          <span className="match-no">{d.match?.matchNo}</span>
          <span className="slip-dropped-what">
            {d.match ? `${d.match.home} VS ${d.match.away} · ` : ''}
            {selectionLabel(d.selection)} @{d.selection.odds}
          </span>
          <span className={`sale-tag ${d.reason}`} data-testid="slip-dropped-reason">
            {CLOSED_REASON_TEXT[d.reason]}
          </span>
        </div>
      ))}
    </div>
  );
}

interface BetSlipProps {
  /** Balance to show (members), null for visitors. */
  balance: string | null;
  onPlaced: (result: SubmitResult) => void;
}

/** The slip: a bar at the bottom of the betting page and the sheet it opens. */
export function BetSlip({ balance, onPlaced }: BetSlipProps) {
  const [open, setOpen] = useState(false);
  const [multipleProblem, setMultipleProblem] = useState<string | null>(null);
  const [optimising, setOptimising] = useState(false);
  const [pickingFreeBet, setPickingFreeBet] = useState(false);
  const choices = useSlipStore();
  const { slip, multiple, matches, dropped, freeBet } = choices;
  const preview = useMemo(() => previewSlip(choices), [choices]);
  const offered = useMemo(() => offeredPassTypes(slip), [slip]);
  // 奖金优化 is offered for a parlay of two bets or more (up to the engine's size).
  const plan = useMemo(() => (slip.betMode === 'mixed' ? planSlip(choices) : null), [choices, slip.betMode]);
  const pass = effectivePassType(choices);
  const { data: boosts } = useBoostsQuery();
  const boost = slipBoost(
    boosts,
    { sport: slip.currentSport, passType: pass?.code ?? null },
    new Date(serverNow()),
  );
  // 免费投注券: the member's tickets judged against the slip; the chosen one is the whole stake.
  const freeBets = useSlipFreeBets(choices);
  const groups = groupByMatch(slip.selectedBets);
  const matchCount = countMatches(slip.selectedBets);
  const { submit, submitting } = useSlipSubmit((result) => {
    setOpen(false);
    setOptimising(false);
    setPickingFreeBet(false);
    // An in-play order is confirmed after its bet delay: BetConfirmation counts down and says how it ended.
    if (result.status !== 'confirming') onPlaced(result);
  });
  const changes = useMemo(() => slipOddsChanges(choices), [choices]);
  const changeOf = useMemo(
    () => new Map<string, PendingOddsChange>(changes.map((c) => [selectionKey(c.selection), c])),
    [changes],
  );
  const empty = slip.selectedBets.length === 0;
  const mixedPlays = slip.betMode === 'mixed';
  // 滚球 singles may mix play types (胜平负 and 让球 of one match): then each pick names its play.
  const playsDiffer = new Set(slip.selectedBets.map((b) => b.betType)).size > 1;
  // 合买: a pre-match slip the engine accepts, without a ticket, for a member (not a visitor).
  const [starting, setStarting] = useState(false);
  const navigate = useNavigate();
  const syndicateSlip =
    preview.ok && !freeBet && balance !== null && !Object.values(matches).some((m) => m?.inPlay)
      ? (({ free_bet_id: _ticket, ...body }) => body)(buildSubmitBody(choices, preview))
      : null;

  return (
    <>
      <div className="slip-bar" data-testid="slip-bar">
        <button
          type="button"
          className="slip-bar-clear"
          aria-label="清空投注单"
          disabled={empty}
          onClick={clearSlipSelections}
        >
          <DeleteOutline />
        </button>
        <button
          type="button"
          className="slip-bar-info"
          onClick={() => setOpen(true)}
          disabled={empty && dropped.length === 0}
        >
          {empty && dropped.length > 0 ? (
            <span className="slip-bar-dropped" data-testid="slip-bar-dropped">
              {dropped.length}个选项已停止投注，已移出
            </span>
          ) : empty ? (
            <span className="muted">请选择投注选项</span>
          ) : (
            <>
              <span>
                已选 <strong data-testid="slip-match-count">{matchCount}</strong> 场
                {slip.betMode === 'mixed' && pass ? ` · ${pass.name}` : ''}
              </span>
              <span className="slip-bar-sub">
                {changes.length > 0 ? (
                  <b className="slip-bar-moved" data-testid="slip-bar-moved">
                    {changes.length}个选项赔率已变化
                  </b>
                ) : preview.ok && freeBet ? (
                  <>
                    {preview.betCount}注 · 免费投注券<em>{yuan(freeBet.value)}</em>元
                  </>
                ) : preview.ok ? (
                  <>
                    {preview.betCount}注 · 共<em>{yuan(preview.totalStake)}</em>元
                  </>
                ) : (
                  preview.message
                )}
              </span>
            </>
          )}
          {empty ? null : <UpOutline className="slip-bar-arrow" />}
        </button>
        <Button color="primary" className="slip-bar-go" disabled={empty} onClick={() => setOpen(true)}>
          投注单
        </Button>
      </div>

      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="slip-sheet"
        destroyOnClose
      >
        <div className="slip-sheet-head">
          <strong>投注单</strong>
          <span className="slip-mode">
            {mixedPlays
              ? `混合过关 · 最多${slipMaxPasses(slip)}关`
              : playsDiffer
                ? '单关'
                : `单关 · ${playTypeOf(slip.currentSport, slip.selectedBets[0]?.betType ?? slip.currentBetType)?.name ?? ''}`}
          </span>
          <button type="button" className="slip-clear-text" onClick={clearSlipSelections} disabled={empty}>
            清空
          </button>
        </div>
        <div className="slip-sheet-body">
          {dropped.length > 0 ? <DroppedLegs dropped={dropped} /> : null}
          {groups.length === 0 ? <p className="slip-empty">投注单是空的，请先选择投注选项</p> : null}
          {groups.map((group) => {
            const info = matches[group.matchId];
            return (
              <div key={group.matchId} className="slip-match" data-testid="slip-match">
                <div className="slip-match-head">
                  <span className="match-no">{info?.matchNo}</span>
                  {info?.inPlay ? (
                    <span className="inplay-tag" data-testid="slip-inplay">
                      滚球
                    </span>
                  ) : null}
                  <span className="slip-match-teams">
                    {info?.home} <i>VS</i> {info?.away}
                  </span>
                  <button
                    type="button"
                    className="slip-remove"
                    aria-label="移除该场"
                    onClick={() => removeSlipMatch(group.matchId)}
                  >
                    <CloseCircleFill />
                  </button>
                </div>
                <div className="slip-match-meta">
                  {info?.inPlay ? (
                    <>
                      {info.league} · 进行中 · 提交后需短暂确认
                      {info.liveSuspended ? (
                        <span
                          className="sale-tag suspended slip-live-state"
                          data-testid="slip-live-suspended"
                        >
                          盘口暂停{info.liveSuspendReason ? ` · ${info.liveSuspendReason}` : ''}
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <>
                      {info?.league} · {info ? beijingDateTime(info.kickoffAt) : ''} 截止
                    </>
                  )}
                </div>
                <div className="slip-picks">
                  {group.selections.map((s) => {
                    const moved = changeOf.get(selectionKey(s));
                    return (
                      <button
                        key={`${s.betType}-${s.option}`}
                        type="button"
                        className={moved ? `slip-pick moved ${moved.direction}` : 'slip-pick'}
                        data-testid="slip-pick"
                        onClick={() => removeSlipSelection(s)}
                        aria-label={`移除 ${selectionLabel(s, mixedPlays || playsDiffer)}`}
                      >
                        {selectionLabel(s, mixedPlays || playsDiffer)}{' '}
                        {moved ? <OddsMove change={moved} prefix="@" /> : <b>@{s.odds}</b>}
                        <CloseCircleFill className="slip-pick-x" />
                      </button>
                    );
                  })}
                </div>
              </div>
            );
          })}

          {slip.betMode === 'mixed' && offered.length > 0 ? (
            <div className="slip-block">
              <div className="slip-block-title">过关方式</div>
              <div className="pass-types" role="radiogroup" aria-label="过关方式">
                {offered.map((t) => (
                  <button
                    key={t.code}
                    type="button"
                    role="radio"
                    aria-checked={pass?.code === t.code}
                    className={pass?.code === t.code ? 'pass-type active' : 'pass-type'}
                    onClick={() => choosePassType(t.code)}
                  >
                    {t.name}
                  </button>
                ))}
              </div>
            </div>
          ) : null}

          <div className="slip-block slip-multiple">
            <div className="slip-block-title">倍数</div>
            {freeBet ? (
              // The ticket sets the multiple (its value is the stake): no typing while it is used.
              <div data-testid="slip-multiple" className="slip-multiple-fixed">
                <b>{multiple}</b>倍
              </div>
            ) : (
              <div data-testid="slip-multiple">
                <CountInput
                  min={SPORTS_MIN_MULTIPLE}
                  max={SPORTS_MAX_MULTIPLE}
                  value={multiple}
                  onChange={chooseMultiple}
                  onProblem={setMultipleProblem}
                />
              </div>
            )}
            <span className="hint">{freeBet ? '按券面金额设定' : '每注2元，1-99倍'}</span>
            {plan?.ok ? (
              <button
                type="button"
                className={freeBet ? 'optimise-open off' : 'optimise-open'}
                data-testid="optimise-open"
                aria-disabled={freeBet !== null}
                onClick={() => (freeBet ? toast.info('使用免费投注券时不可奖金优化') : setOptimising(true))}
              >
                奖金优化
              </button>
            ) : null}
          </div>

          {!empty && freeBets.tickets.length > 0 ? (
            <FreeBetLine
              chosen={freeBet}
              usable={freeBets.usable}
              total={freeBets.tickets.length}
              onOpen={() => setPickingFreeBet(true)}
              onStop={() => chooseFreeBet(null)}
            />
          ) : null}
          <SlipSummary preview={preview} multiple={multiple} multipleProblem={multipleProblem} />
          {freeBet && preview.ok ? <FreeBetPay ticket={freeBet} valid={preview} /> : null}
          {boost && !empty ? (
            <p className="slip-boost" data-testid="slip-boost">
              <b>加奖 {boost.rate_text}</b> {boost.name} · 中奖后按奖金加奖，每单最高
              {yuan(boost.cap_per_order)}元
            </p>
          ) : null}
        </div>
        <div className="slip-sheet-foot">
          {changes.length > 0 ? (
            <div className="slip-moved" data-testid="slip-odds-changed" role="status">
              <span>
                <b>{changes.length}</b>个选项赔率已变化
              </span>
              <button
                type="button"
                className="slip-accept"
                data-testid="accept-odds"
                onClick={() => acceptOddsChanges()}
              >
                接受赔率变化
              </button>
            </div>
          ) : null}
          <div className="slip-balance">
            <span>
              可用余额{' '}
              {balance === null ? <span className="muted">登录后查看</span> : <Money value={balance} />}
            </span>
            {balance === null ? null : <OddsPolicyLine />}
          </div>
          <div className="slip-actions">
            {syndicateSlip ? (
              <Button
                fill="outline"
                color="primary"
                data-testid="syndicate-open"
                onClick={() => setStarting(true)}
              >
                发起合买
              </Button>
            ) : null}
            <Button
              color="primary"
              block
              loading={submitting}
              disabled={empty || multipleProblem !== null}
              onClick={() => void submit()}
            >
              确认投注
            </Button>
          </div>
        </div>
      </Popup>
      <FreeBetPicker
        open={pickingFreeBet}
        onClose={() => setPickingFreeBet(false)}
        choices={freeBets.choices}
        chosenId={freeBet?.id ?? null}
        onChoose={(ticket, m) => {
          // The typed multiple gives way to the ticket's: whatever it refused no longer applies.
          setMultipleProblem(null);
          chooseFreeBet(ticket, m);
          setPickingFreeBet(false);
        }}
        onStop={() => {
          chooseFreeBet(null);
          setPickingFreeBet(false);
        }}
      />
      {plan?.ok && optimising && !freeBet ? (
        <PrizeOptimiseSheet
          open
          onClose={() => setOptimising(false)}
          choices={choices}
          plan={plan}
          submitting={submitting}
          onSubmit={(multiples) => void submit(multiples)}
        />
      ) : null}
      {syndicateSlip && starting ? (
        <StartSyndicateSheet
          open
          subject={{ slip: syndicateSlip }}
          totalFen={fenFromDecimal(syndicateSlip.total_amount ?? '0')}
          onClose={() => setStarting(false)}
          onStarted={(id) => {
            setStarting(false);
            setOpen(false);
            clearSlipSelections();
            void navigate(syndicatePath(id));
          }}
        />
      ) : null}
      <BetConfirmation />
    </>
  );
}
