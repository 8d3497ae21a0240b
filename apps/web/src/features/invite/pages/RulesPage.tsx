import { DotLoading, ErrorBlock } from 'antd-mobile';
import { yuan } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { useInviteRulesQuery } from '../queries.ts';
import '../invite.css';

/** minePages/rules: the reward rules, from the numbers the server pays by. */
export default function RulesPage() {
  const rules = useInviteRulesQuery();
  return (
    <Page title="邀请规则" bodyClassName="padded">
      {rules.error && !rules.data ? (
        <ErrorBlock status="disconnected" title={rules.error.message} />
      ) : !rules.data ? (
        <div className="page-loading">
          <DotLoading color="primary" />
        </div>
      ) : (
        <>
          <Section title="充值达标奖励">
            <table className="iv-table card" data-testid="milestone-table">
              <thead>
                <tr>
                  <th>下级累计充值</th>
                  <th>我获得奖励</th>
                </tr>
              </thead>
              <tbody>
                {rules.data.deposit_milestones.map((m) => (
                  <tr key={m.threshold}>
                    <td>满 {yuan(m.threshold)} 元</td>
                    <td className="gold-text">{yuan(m.reward)} 元</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Section>
          <Section title="每日投注返佣">
            <div className="card iv-rate">
              下级每日有效投注的 <strong className="gold-text">{rules.data.commission_rate}</strong>
            </div>
          </Section>
          <Section title="活动规则">
            <ol className="iv-rules card" data-testid="rule-lines">
              {rules.data.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </Section>
        </>
      )}
    </Page>
  );
}
