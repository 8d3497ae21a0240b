import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { MenuGroup } from '../menu.tsx';

export function MenuGroups({ groups }: { groups: MenuGroup[] }) {
  const navigate = useNavigate();
  return (
    <>
      {groups.map((group) => (
        <List key={group.title} header={group.title} mode="card" className="mine-menu">
          {group.entries.map((entry) => (
            <List.Item
              key={entry.path}
              prefix={<span className="mine-menu-icon">{entry.icon}</span>}
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
