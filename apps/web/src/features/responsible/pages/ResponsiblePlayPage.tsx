import { LIMIT_COOLING_OFF_HOURS, PLAY_LIMIT_KINDS } from '@app/shared';
import { DotLoading, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { useRef, useState } from 'react';
import { Page } from '@/ui/Page.tsx';
import { serverNow } from '../clock.ts';
import { ExclusionPicker } from '../components/ExclusionPicker.tsx';
import { ExclusionStatus } from '../components/ExclusionStatus.tsx';
import { LimitGroup } from '../components/LimitGroup.tsx';
import { LimitSheet } from '../components/LimitSheet.tsx';
import { RealityCheckPicker } from '../components/RealityCheckPicker.tsx';
import { exclusionPhase, type PlayLimit } from '../model.ts';
import { useResponsiblePlayQuery } from '../queries.ts';
import '../responsible.css';

/** pages/responsible/responsible (设置 → 理性投注): limits, reality check, time-out and self-exclusion. */
export default function ResponsiblePlayPage() {
  const overview = useResponsiblePlayQuery();
  const [editing, setEditing] = useState<PlayLimit | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const data = overview.data;

  if (!data)
    return (
      <Page title="理性投注">
        {overview.error ? (
          <PullToRefresh onRefresh={() => overview.refetch()}>
            <ErrorBlock status="disconnected" title={overview.error.message} description="下拉可重新加载" />
          </PullToRefresh>
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )}
      </Page>
    );

  const exclusion = data.exclusion;
  const phase = exclusionPhase(exclusion, serverNow());
  return (
    <Page title="理性投注" bodyClassName="rp-page">
      <PullToRefresh onRefresh={() => overview.refetch()}>
        <div className="rp-intro card" ref={top}>
          <strong>量力而行，理性投注</strong>
          <p>
            为自己设置存款、亏损和投注限额，开启游戏时长提醒，或暂停投注一段时间。降低限额立即生效，提高或取消限额需等待
            {LIMIT_COOLING_OFF_HOURS}小时后生效。以下时间均为北京时间。
          </p>
        </div>
        {exclusion && phase ? <ExclusionStatus exclusion={exclusion} phase={phase} /> : null}
        {PLAY_LIMIT_KINDS.map((kind) => (
          <LimitGroup key={kind} kind={kind} limits={data.limits} onEdit={setEditing} />
        ))}
        <div className="rp-intro card" data-testid="rp-promotions">
          <strong>优惠与限额</strong>
          <p>
            免费投注券的本金由平台提供：用券投注不计入您的存款、亏损和投注限额，也不计入有效投注；中奖时只派发扣除券面本金后的奖金。红包、加奖等彩金按活动规则计入打码量。冷静期或自我排除期间，平台不向您发放免费投注券，您也不能使用免费投注券、领取红包，加奖不予派发。
          </p>
        </div>
        <RealityCheckPicker minutes={data.reality_check_minutes} />
        <ExclusionPicker
          current={exclusion && phase ? exclusion : undefined}
          // The status card at the top now says what was started and until when.
          onStarted={() => top.current?.scrollIntoView({ block: 'start' })}
        />
        <p className="rp-footnote">如需帮助，请联系在线客服 · 未满18周岁禁止参与</p>
      </PullToRefresh>
      <LimitSheet limit={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
