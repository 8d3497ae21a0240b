import { NoticeBar as KitNoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useAppConfigQuery } from '../site/queries.ts';
import { useHotNoticesQuery } from './hot.ts';
import './notices.css';

/** Notice categories (SPEC.md §3): 1 home, 2 betting, 3 recharge, 4 withdraw. */
export type NoticeCategory = 1 | 2 | 3 | 4;

interface NoticeBarProps {
  /** Which notices: 1 home, 2 betting, 3 recharge, 4 withdraw. */
  category: NoticeCategory;
  /** How many notices scroll by (SPEC.md §7: 5 on home, 3 elsewhere). */
  limit?: number;
  className?: string;
}

/**
 * A self-contained scrolling notice bar for any page: reads the category's hot notices, hides
 * itself when the operator switched notices off (`notice_enabled`) or there is nothing to say,
 * and opens the notice (or the category's list) on tap.
 */
export function NoticeBar({ category, limit = category === 1 ? 5 : 3, className }: NoticeBarProps) {
  const navigate = useNavigate();
  const { data: config } = useAppConfigQuery();
  const enabled = config?.notice_enabled !== false;
  const { data: notices } = useHotNoticesQuery(category, limit, enabled);
  if (!enabled || !notices || notices.length === 0) return null;

  const open = () => {
    if (notices.length === 1) void navigate(`/noticePages/detail?id=${notices[0]!.id}`);
    else void navigate(`/noticePages/list?category=${category}`);
  };
  return (
    <div
      className={className ? `notice-bar ${className}` : 'notice-bar'}
      data-testid={`notice-bar-${category}`}
    >
      <KitNoticeBar
        icon={<SoundOutline />}
        color="default"
        speed={40}
        delay={1000}
        content={
          <span className="notice-bar-text">
            {notices.map((n) => (
              <button
                key={n.id}
                type="button"
                className="notice-bar-item"
                onClick={(e) => {
                  e.stopPropagation();
                  void navigate(`/noticePages/detail?id=${n.id}`);
                }}
              >
                {n.title}
              </button>
            ))}
          </span>
        }
        extra={
          <button type="button" className="notice-bar-more" onClick={open} aria-label="查看全部公告">
            更多
          </button>
        }
      />
    </div>
  );
}
