import { formatFen, verifyRedPacket } from '@app/shared';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useUrlParam } from '@/ui/hooks.ts';
import { yuan } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { useRedPacketQuery } from '../queries.ts';
import '../red-packets.css';

const fen = (text: string) => Math.round(Number(text) * 100);

/**
 * A red packet's fairness, recomputed here with the shared code: the seed revealed after the
 * window matches the commitment published before it, and the split it gives holds the amount
 * the member got at their place.
 */
export default function RedPacketVerifyPage() {
  const id = Number(useUrlParam('id')) || 0;
  const packet = useRedPacketQuery(id);
  const p = packet.data;
  const verdict = useMemo(() => {
    if (!p?.seed) return null;
    return verifyRedPacket(
      p.seed,
      p.commitment,
      { id: p.id, budgetFen: fen(p.budget), count: p.count, minFen: fen(p.min_amount) },
      p.mine ? { index: p.mine.index, amountFen: fen(p.mine.amount) } : undefined,
    );
  }, [p]);

  if (packet.isPending)
    return (
      <Page title="红包验证">
        <DotLoading />
      </Page>
    );
  if (!p) return <Page title="红包验证">{<ErrorBlock status="empty" title="红包不存在" />}</Page>;
  return (
    <Page title="红包验证">
      <div className="redp-page" data-testid="red-packet-verify">
        <Section title={p.name}>
          <div className="redp-card">
            <div className="redp-row">
              <span>总额 / 个数 / 单个最低</span>
              <span>
                {yuan(p.budget)} 元 / {p.count} 个 / {yuan(p.min_amount)} 元
              </span>
            </div>
            {p.mine ? (
              <div className="redp-row">
                <span>我的红包</span>
                <b>
                  第 {p.mine.index + 1} 个，{yuan(p.mine.amount)} 元
                </b>
              </div>
            ) : null}
            <div className="redp-row">
              <span>承诺值（开始前公布）</span>
            </div>
            <div className="redp-hash">{p.commitment}</div>
            <div className="redp-row">
              <span>种子（结束后公布）</span>
            </div>
            <div className="redp-hash">{p.seed ?? '红包结束后公布'}</div>
          </div>
        </Section>
        {verdict ? (
          <Section title="本机验证结果">
            <div className="redp-card">
              <div
                className={`redp-check ${verdict.ok ? 'redp-check-ok' : 'redp-check-bad'}`}
                data-testid="red-packet-verdict"
              >
                {verdict.ok ? <CheckCircleFill /> : <CloseCircleFill />}
                <span>
                  {verdict.ok
                    ? p.mine
                      ? '验证通过：种子与承诺值相符，您的红包金额与种子推导结果一致'
                      : '验证通过：种子与承诺值相符'
                    : verdict.message}
                </span>
              </div>
              {verdict.ok ? (
                <div className="redp-amounts" aria-label="全部红包金额">
                  {verdict.amounts.slice(0, 200).map((a, i) => (
                    <span key={i} className={p.mine?.index === i ? 'redp-mine' : undefined}>
                      {formatFen(BigInt(a))}
                    </span>
                  ))}
                </div>
              ) : null}
              <p className="redp-note">
                算法：种子 = 开始前已锁定的随机数，承诺值 = SHA-256(种子)；以 HMAC-SHA-256(种子, "red-packet:
                {p.id}:序号") 为随机源，按二倍均值法拆分总额并洗牌，第 N 个被领取的红包即第 N 个金额。
              </p>
            </div>
          </Section>
        ) : (
          <p className="redp-note">红包结束后公布种子，届时可在此验证每个红包的金额。</p>
        )}
      </div>
    </Page>
  );
}
