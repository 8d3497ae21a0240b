import { EXCLUSION_RETURN_WAIT_HOURS } from '@app/shared';
import { Button, Dialog } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { toast } from '@/lib/toast.tsx';
import { formatDateTime } from '@/ui/format.ts';
import {
  EXCLUSION_EFFECTS,
  EXCLUSION_KIND_NAMES,
  exclusionTitle,
  exclusionUntil,
  type ExclusionPhase,
  type PlayExclusion,
} from '../model.ts';
import { useRequestReturnMutation } from '../queries.ts';

/** The time-out or self-exclusion in force, read-only; past a self-exclusion's end, 申请恢复. */
export function ExclusionStatus({ exclusion, phase }: { exclusion: PlayExclusion; phase: ExclusionPhase }) {
  const ask = useRequestReturnMutation();
  const requestReturn = async () => {
    const confirmed = await Dialog.confirm({
      title: '申请恢复',
      content: `提交后${EXCLUSION_RETURN_WAIT_HOURS}小时恢复投注，在此之前仍不能投注、充值或转入。`,
      confirmText: '提交申请',
      cancelText: '再想想',
    });
    if (!confirmed) return;
    ask.mutate(undefined, {
      onSuccess: () => toast.success('已申请恢复'),
    });
  };
  return (
    <div className="card card-gold rp-status" data-testid="rp-exclusion-status">
      <div className="rp-status-head">
        <LockOutline />
        <strong>{exclusionTitle(exclusion, phase)}</strong>
      </div>
      <p className="rp-notice-until">{exclusionUntil(exclusion, phase)}</p>
      <dl className="rp-status-rows">
        <div>
          <dt>类型</dt>
          <dd>{EXCLUSION_KIND_NAMES[exclusion.kind]}</dd>
        </div>
        <div>
          <dt>开始时间</dt>
          <dd>{formatDateTime(exclusion.starts_at)}</dd>
        </div>
        <div>
          <dt>结束时间</dt>
          <dd data-testid="rp-exclusion-end">{formatDateTime(exclusion.ends_at)}</dd>
        </div>
        {exclusion.return_requested_at ? (
          <div>
            <dt>申请恢复</dt>
            <dd>{formatDateTime(exclusion.return_requested_at)}</dd>
          </div>
        ) : null}
        {exclusion.play_again_at ? (
          <div>
            <dt>恢复投注</dt>
            <dd data-testid="rp-play-again">{formatDateTime(exclusion.play_again_at)}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="rp-effects">
        {(phase === 'active' ? EXCLUSION_EFFECTS : EXCLUSION_EFFECTS.slice(0, 2)).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {phase === 'awaiting_return' ? (
        <Button block color="primary" loading={ask.isPending} onClick={() => void requestReturn()}>
          申请恢复
        </Button>
      ) : null}
    </div>
  );
}
