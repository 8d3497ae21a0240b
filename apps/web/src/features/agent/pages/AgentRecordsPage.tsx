import { AGENT_RECORD_CATEGORIES, type AgentRecordCategory } from '@app/shared';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Page } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { Refused } from '../components/NotAgent.tsx';
import { RecordCard } from '../components/RecordCard.tsx';
import { refusal, useAgentRecordsQuery } from '../queries.ts';
import '../agent.css';

const CATEGORIES = Object.entries(AGENT_RECORD_CATEGORIES) as Array<[AgentRecordCategory, string]>;

/** agentPages/records: money records of all the agent's members, by kind. */
export default function AgentRecordsPage() {
  const [category, setCategory] = useState<AgentRecordCategory>('all');
  const records = useAgentRecordsQuery(category, null);
  const refused = refusal(records.error);
  return (
    <Page title="资金记录">
      {refused ? (
        <Refused message={refused.message} notAgent={refused.notAgent} />
      ) : (
        <>
          <Tabs
            className="sticky"
            activeKey={category}
            onChange={(key) => setCategory(key as AgentRecordCategory)}
          >
            {CATEGORIES.map(([key, title]) => (
              <Tabs.Tab key={key} title={title} />
            ))}
          </Tabs>
          <PagedList
            query={records}
            keyOf={(r) => r.id}
            renderItem={(r) => <RecordCard item={r} showMember />}
            emptyTitle="暂无记录"
            testId="agent-records"
          />
        </>
      )}
    </Page>
  );
}
