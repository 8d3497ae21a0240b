import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';

/** What a member who is not an agent, or asks for someone else's member, sees (agent/queries.ts refusal). */
export function Refused({ message, notAgent }: { message: string; notAgent: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="ag-refused" data-testid="agent-refused">
      <ErrorBlock
        status="empty"
        title={message}
        description={notAgent ? '代理可查看下级会员与资金报表' : undefined}
      />
      {notAgent ? (
        <Button color="primary" onClick={() => void navigate('/minePages/agent-apply')}>
          申请成为代理
        </Button>
      ) : null}
    </div>
  );
}
