import type { AgentMember } from '@app/shared';
import { SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { Refused } from '../components/NotAgent.tsx';
import { refusal, useAgentMembersQuery } from '../queries.ts';
import '../agent.css';

function MemberCard({ item, onOpen }: { item: AgentMember; onOpen: () => void }) {
  return (
    <button type="button" className="card ag-row ag-member" onClick={onOpen} data-testid="agent-member">
      <div className="ag-row-head">
        <strong>{item.username}</strong>
        {item.nickname !== item.username ? <span className="muted">{item.nickname}</span> : null}
        {item.enabled ? null : <Tag color="danger">已停用</Tag>}
        <span className="hint ag-row-time">注册 {formatDateTime(item.registered_at)}</span>
      </div>
      <div className="ag-member-figures">
        <div>
          <span className="muted">余额</span>
          <Money value={item.balance} />
        </div>
        <div>
          <span className="muted">充值</span>
          <Money value={item.deposit_total} />
        </div>
        <div>
          <span className="muted">提现</span>
          <Money value={item.withdraw_total} />
        </div>
        <div>
          <span className="muted">投注</span>
          <Money value={item.bet_total} />
        </div>
      </div>
    </button>
  );
}

/** agentPages/members: the agent's members, searchable; a tap opens one. */
export default function AgentMembersPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const members = useAgentMembersQuery(keyword);
  const refused = refusal(members.error);
  return (
    <Page title="我的会员">
      {refused ? (
        <Refused message={refused.message} notAgent={refused.notAgent} />
      ) : (
        <>
          <div className="ag-search">
            <SearchBar
              placeholder="搜索会员账号或昵称"
              value={keyword}
              onChange={setKeyword}
              maxLength={16}
            />
          </div>
          <PagedList
            query={members}
            keyOf={(m) => m.id}
            renderItem={(m) => (
              <MemberCard item={m} onOpen={() => void navigate(`/agentPages/memberDetail?id=${m.id}`)} />
            )}
            emptyTitle={keyword ? '没有找到会员' : '还没有会员'}
            emptyDescription={keyword ? undefined : '分享代理码或推广链接，会员注册后会出现在这里'}
            testId="agent-members"
          />
        </>
      )}
    </Page>
  );
}
