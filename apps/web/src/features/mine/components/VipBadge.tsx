import { StarFill } from 'antd-mobile-icons';
import './vip-badge.css';

/** "VIP3" pill in gold; the level name beside it when given. */
export function VipBadge({ level, name }: { level: number; name?: string | undefined }) {
  return (
    <span className="vip-badge" data-testid="vip-badge">
      <span className="vip-badge-level">
        <StarFill /> VIP{level}
      </span>
      {name ? <span className="vip-badge-name">{name}</span> : null}
    </span>
  );
}
