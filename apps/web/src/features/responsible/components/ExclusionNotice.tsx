import { Button } from 'antd-mobile';
import { StopOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import {
  EXCLUSION_EFFECTS,
  exclusionTitle,
  exclusionUntil,
  type ExclusionPhase,
  type PlayExclusion,
} from '../model.ts';
import { RESPONSIBLE_PATH } from '../routes.ts';
import '../responsible.css';

export const RECORDS_PATH = '/financePages/billdetails';
export const WITHDRAW_PATH = '/financePages/withdrawal';

/** What a betting, deposit or transfer-in screen shows instead during a time-out or self-exclusion. */
export function ExclusionNotice({ exclusion, phase }: { exclusion: PlayExclusion; phase: ExclusionPhase }) {
  const navigate = useNavigate();
  return (
    <div className="rp-notice card card-gold" data-testid="exclusion-notice" role="alert">
      <StopOutline className="rp-notice-icon" />
      <h3 className="rp-notice-title">{exclusionTitle(exclusion, phase)}</h3>
      <p className="rp-notice-until">{exclusionUntil(exclusion, phase)}</p>
      <ul className="rp-effects">
        {EXCLUSION_EFFECTS.slice(0, 2).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="button-row">
        <Button fill="outline" className="gold" onClick={() => void navigate(RECORDS_PATH)}>
          查看记录
        </Button>
        <Button color="primary" onClick={() => void navigate(WITHDRAW_PATH)}>
          提现
        </Button>
      </div>
      <button type="button" className="rp-link" onClick={() => void navigate(RESPONSIBLE_PATH)}>
        理性投注设置
      </button>
    </div>
  );
}
