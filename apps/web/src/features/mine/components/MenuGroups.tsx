import { Badge, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useUnreadBadge } from '../../messages/unread.ts';
import type { MenuGroup } from '../menu.tsx';

const INBOX = '/minePages/messages';

export function MenuGroups({ groups }: { groups: MenuGroup[] }) {
  const navigate = useNavigate();
  const unread = useUnreadBadge();
  return (
    <>
      {groups.map((group) => (
        <List key={group.title} header={group.title} mode="card" className="mine-menu">
          {group.entries.map((entry) => (
            <List.Item
              key={entry.path}
              prefix={<span className="mine-menu-icon">{entry.icon}</span>}
              extra={
                entry.path === INBOX && unread ? (
                  <Badge content={unread} data-testid="mine-unread-badge" />
                ) : undefined
              }
              onClick={() => void navigate(entry.path)}
            >
              {entry.title}
            </List.Item>
          ))}
        </List>
      ))}
    </>
  );
}
