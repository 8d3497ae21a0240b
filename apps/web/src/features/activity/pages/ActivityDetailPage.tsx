import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '@/lib/navigation.ts';
import { toast } from '@/lib/toast.tsx';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page } from '@/ui/Page.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import { activityWindow, ApplicationTag, StateTag } from '../components.tsx';
import { useActivityQuery, useApplicationStatusQuery, useApply } from '../queries.ts';
import '../activity.css';
import { yuan } from '@/ui/Money.tsx';

/** activityPages/detail?id=: description, rules and tiers; apply, or why not. */
export default function ActivityDetailPage() {
  const id = Number(useUrlParam('id')) || 0;
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSessionStore(selectLoggedIn);
  const activity = useActivityQuery(id);
  const status = useApplicationStatusQuery(id);
  const apply = useApply();
  const a = activity.data;
  const s = status.data;
  const checkin = a?.rule === 'daily_checkin';

  // A second tap while the first is in flight sends nothing (useSubmission); a refusal is the
  // client's toast, never a page error.
  const submit = () => {
    if (!a) return;
    apply.mutate(a.id, {
      onSuccess: ({ application }) =>
        toast.success(
          application.status === 'approved'
            ? `${checkin ? '签到成功' : '领取成功'}，彩金 ${yuan(application.amount)} 元已到账`
            : '申请已提交，请等待审核',
        ),
    });
  };

  let action;
  if (!a) action = null;
  else if (!loggedIn)
    action = (
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => void navigate(loginPathFor(location.pathname + location.search))}
      >
        登录后参与
      </Button>
    );
  else if (!s) action = <Button block shape="rounded" loading disabled />;
  else
    action = (
      <div className="activity-apply">
        <p className={s.eligible ? 'apply-reason ok' : 'apply-reason'} data-testid="apply-reason">
          {s.reason}
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          disabled={!s.eligible}
          loading={apply.isPending}
          onClick={submit}
          data-testid="apply-button"
        >
          {s.application
            ? s.application.status_text
            : s.eligible
              ? checkin
                ? `立即签到 领 ${yuan(s.amount)} 元`
                : `立即申请 ${yuan(s.amount)} 元`
              : '暂不符合条件'}
        </Button>
      </div>
    );

  return (
    <Page
      title="活动详情"
      footer={action}
      right={
        loggedIn ? (
          <button
            type="button"
            className="activity-records-link"
            onClick={() => void navigate('/activityPages/records')}
          >
            记录
          </button>
        ) : null
      }
    >
      {activity.isPending && id > 0 ? (
        <div className="list-state">
          <DotLoading color="primary" />
        </div>
      ) : !a ? (
        <ErrorBlock status="empty" title="活动不存在" description="该活动可能已下线" />
      ) : (
        <article className="activity-detail" data-testid="activity-detail">
          <img src={a.image} alt={a.title} className="activity-banner" />
          <div className="activity-detail-head">
            <h2>{a.title}</h2>
            <StateTag state={a.state} />
          </div>
          <div className="activity-facts">
            <span>
              活动时间 <b>{activityWindow(a)}</b>
            </span>
            <span>
              活动奖励 <b className="activity-highlight">{a.highlight}</b>
            </span>
            <span>
              审核方式 <b>{a.auto_approve ? '自动发放' : '客服审核'}</b>
            </span>
          </div>
          {s?.application ? (
            <div className="activity-mine">
              本期申请：
              <ApplicationTag status={s.application.status} text={s.application.status_text} />
              <span>彩金 {yuan(s.application.amount)} 元</span>
            </div>
          ) : null}
          <section className="activity-section">
            <h3>活动内容</h3>
            {a.content.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
          {a.tiers.length > 0 ? (
            <section className="activity-section">
              <h3>奖励档位</h3>
              <table className="activity-tiers">
                <thead>
                  <tr>
                    <th>本周有效投注</th>
                    <th>闯关彩金</th>
                  </tr>
                </thead>
                <tbody>
                  {a.tiers.map((t) => (
                    <tr key={t.threshold}>
                      <td>≥ {yuan(t.threshold)} 元</td>
                      <td className="activity-highlight">{yuan(t.bonus)} 元</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          <section className="activity-section">
            <h3>活动规则</h3>
            <ol>
              {a.rules.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ol>
          </section>
        </article>
      )}
    </Page>
  );
}
