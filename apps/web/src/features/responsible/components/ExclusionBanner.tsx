import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { serverNow } from '../clock.ts';
import { exclusionPhase, exclusionTitle, exclusionUntil } from '../model.ts';
import { useResponsiblePlayQuery } from '../queries.ts';
import { RESPONSIBLE_PATH } from '../routes.ts';
import '../responsible.css';

/** A line on the mine page while a time-out or self-exclusion lasts: what and until when. */
export function ExclusionBanner() {
  const navigate = useNavigate();
  const { data } = useResponsiblePlayQuery();
  const exclusion = data?.exclusion;
  const phase = exclusionPhase(exclusion, serverNow());
  if (!exclusion || !phase) return null;
  return (
    <button
      type="button"
      className="rp-banner"
      data-testid="exclusion-banner"
      onClick={() => void navigate(RESPONSIBLE_PATH)}
    >
      <span className="rp-banner-text">
        <strong>{exclusionTitle(exclusion, phase)}</strong>
        <span>{exclusionUntil(exclusion, phase)}</span>
      </span>
      <RightOutline className="rp-banner-arrow" />
    </button>
  );
}
