import { AGENT_RECORD_CATEGORIES, type AgentRecordCategory } from '@app/shared';
import { CapsuleTabs, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { Refused } from '../components/NotAgent.tsx';
import { BetCard, RecordCard } from '../components/RecordCard.tsx';
import {
  NO_SUCH_MEMBER,
  refusal,
  useAgentMemberBetsQuery,
  useAgentRecordsQuery,
  useAgentMemberQuery,
  type BetKind,
} from '../queries.ts';
import '../agent.css';

const CATEGORIES = Object.entries(AGENT_RECORD_CATEGORIES) as Array<[AgentRecordCategory, string]>;
const KINDS: Array<[BetKind, string]> = [
  ['all', '全部'],
  ['sports', '体育'],
  ['lottery', '彩票'],
];

/** agentPages/memberRecords?id=: one member's money records and bets. */
export default function MemberRecordsPage() {
  const id = Number(useUrlParam('id'));
  const memberId = Number.isInteger(id) && id > 0 ? id : 0;
  const [view, setView] = useState<'money' | 'bets'>('money');
  const [category, setCategory] = useState<AgentRecordCategory>('all');
  const [kind, setKind] = useState<BetKind>('all');
  const member = useAgentMemberQuery(memberId);
  const records = useAgentRecordsQuery(category, memberId || null);
  const bets = useAgentMemberBetsQuery(memberId, kind, view === 'bets');
  const refused = memberId ? refusal(member.error) : NO_SUCH_MEMBER;
  return (
    <Page title={member.data ? `${member.data.username} 的记录` : '会员记录'}>
      {refused ? (
        <Refused message={refused.message} notAgent={refused.notAgent} />
      ) : (
        <>
          <Tabs className="sticky" activeKey={view} onChange={(key) => setView(key as 'money' | 'bets')}>
            <Tabs.Tab key="money" title="资金记录" />
            <Tabs.Tab key="bets" title="注单记录" />
          </Tabs>
          {view === 'money' ? (
            <>
              <CapsuleTabs activeKey={category} onChange={(key) => setCategory(key as AgentRecordCategory)}>
                {CATEGORIES.map(([key, title]) => (
                  <CapsuleTabs.Tab key={key} title={title} />
                ))}
              </CapsuleTabs>
              <PagedList
                query={records}
                keyOf={(r) => r.id}
                renderItem={(r) => <RecordCard item={r} showMember={false} />}
                emptyTitle="暂无资金记录"
                testId="member-records"
              />
            </>
          ) : (
            <>
              <CapsuleTabs activeKey={kind} onChange={(key) => setKind(key as BetKind)}>
                {KINDS.map(([key, title]) => (
                  <CapsuleTabs.Tab key={key} title={title} />
                ))}
              </CapsuleTabs>
              <PagedList
                query={bets}
                keyOf={(b) => `${b.kind}-${b.id}`}
                renderItem={(b) => <BetCard item={b} />}
                emptyTitle="暂无注单"
                testId="member-bets"
              />
            </>
          )}
        </>
      )}
    </Page>
  );
}
