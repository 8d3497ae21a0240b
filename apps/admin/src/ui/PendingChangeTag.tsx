import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';

/** A row whose decision waits for a second operator: 待复核 #id, opening the change in 复核中心. */
export function PendingChangeTag({ id }: { id: number }) {
  return (
    <Tooltip title="已提交复核，需另一位管理员在「复核中心」通过后生效">
      <Link to="/approvals?status=pending" state={{ open: id }} data-testid={`pending-change-${id}`}>
        <Tag color="orange" icon={<ClockCircleOutlined />} style={{ cursor: 'pointer' }}>
          待复核 #{id}
        </Tag>
      </Link>
    </Tooltip>
  );
}
