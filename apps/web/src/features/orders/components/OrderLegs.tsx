import { beijingDateTime } from '../../sports/time.ts';
import type { Combo, LegStatus, OrderLeg } from '../model.ts';
import { LegStatusTag } from './StatusTag.tsx';
import '../orders.css';
import { yuan } from '@/ui/Money.tsx';

function scoreText(leg: OrderLeg): string {
  const m = leg.match;
  if (m.status === 'cancelled') return '取消';
  if (m.status === 'postponed') return '推迟';
  if (m.status === 'scheduled') return 'VS';
  return `${m.home_score}:${m.away_score}`;
}

/** One leg: the match with its score, the pick with line and accepted odds, and how it went. */
export function LegItem({ leg }: { leg: OrderLeg }) {
  const m = leg.match;
  const finished = m.status === 'finished';
  return (
    <div className="leg" data-testid="order-leg">
      <div className="leg-head">
        <span className="match-no">{m.match_no}</span>
        <span className="leg-league">{m.league}</span>
        <span className="leg-time">{beijingDateTime(m.kickoff_at)}</span>
        <LegStatusTag status={leg.status} />
      </div>
      <div className="leg-teams">
        <span className="team home">{m.home_team}</span>
        <span className={finished ? 'leg-score final' : 'leg-score'} data-testid="leg-score">
          {scoreText(leg)}
        </span>
        <span className="team away">{m.away_team}</span>
      </div>
      <div className="leg-pick">
        {leg.in_play ? (
          <span className="inplay-tag" data-testid="leg-inplay">
            滚球
          </span>
        ) : null}
        <span className="muted">{leg.play_name}</span>
        <strong>
          {leg.option_name}
          {leg.line ? <small>（{leg.line}）</small> : null}
        </strong>
        <span className="leg-odds">@{leg.odds}</span>
        {m.half_time ? (
          <span className="leg-half">
            半场 {m.half_time.home}:{m.half_time.away}
          </span>
        ) : null}
      </div>
    </div>
  );
}

const COMBO_STATUS_TEXT: Record<LegStatus, string> = {
  pending: '待开奖',
  won: '中奖',
  lost: '未中奖',
  void: '退款',
};

/** One bet (注) of the order: its legs, status and prize. */
export function ComboItem({ combo }: { combo: Combo }) {
  const paid = combo.status === 'won' || combo.status === 'void';
  return (
    <div className="combo" data-testid="combo">
      <div className="combo-head">
        <span className="combo-index">#{combo.index}</span>
        <span className="combo-size">{combo.size === 1 ? '单关' : `${combo.size}串1`}</span>
        <span className="combo-multiple" data-testid="combo-multiple">
          {combo.multiple}倍
        </span>
        <LegStatusTag status={combo.status} text={COMBO_STATUS_TEXT[combo.status]} />
        <span className="combo-prize">
          {paid ? (
            <>
              奖金 <b className="order-win">{combo.prize}</b>
            </>
          ) : (
            <>
              {combo.status === 'pending' ? '预计' : '可中'} <b>{yuan(combo.potential_prize)}</b>
            </>
          )}
        </span>
      </div>
      <ul className="combo-legs">
        {combo.legs.map((leg, i) => (
          <li key={i} className={`combo-leg ${leg.status}`}>
            <span className="match-no">{leg.match_no}</span>
            <span className="combo-teams">{leg.teams}</span>
            <span className="combo-pick">
              {leg.option_name} <b>@{leg.odds}</b>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
