import { deriveOpenCode, isSeedHex, LOTTERIES, sha256Hex, verifyDraw, type FamilyCode } from '@app/shared';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useUrlParam } from '@/ui/hooks.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { OpenCode } from '../components/OpenCode.tsx';
import { verifyPath } from '../model.ts';
import { useHistoryQuery, useVerifyQuery } from '../queries.ts';
import '../lottery.css';

interface Check {
  label: string;
  ok: boolean;
  detail: string;
}

/** Recomputes a draw here, in the browser, with the shared code: nothing is taken on trust. */
function recompute(
  family: FamilyCode,
  seed: string,
  commitmentHex: string,
  expect: string,
  openCode: string,
) {
  const checks: Check[] = [];
  if (!isSeedHex(seed)) {
    checks.push({ label: '种子格式', ok: false, detail: '种子须为64位小写十六进制' });
    return { checks, derived: null as string | null, verified: false };
  }
  const hashed = sha256Hex(seed);
  checks.push({
    label: 'SHA-256(种子) = 开奖前公布的承诺值',
    ok: hashed === commitmentHex.trim().toLowerCase(),
    detail: hashed,
  });
  let derived: string | null = null;
  try {
    derived = deriveOpenCode(family, seed, expect);
  } catch (err) {
    checks.push({
      label: '由种子推导开奖号码',
      ok: false,
      detail: err instanceof Error ? err.message : '推导失败',
    });
  }
  if (derived !== null) {
    checks.push({
      label: '由种子与期号推导的号码 = 公布的开奖号码',
      ok: derived === openCode,
      detail: derived,
    });
  }
  const verdict = verifyDraw(family, seed, commitmentHex, expect, openCode);
  return { checks, derived, verified: verdict.ok };
}

/** Fairness verification: pick a draw (or paste any seed), and this page recomputes it locally. */
export default function LotteryVerifyPage() {
  const navigate = useNavigate();
  const code = useUrlParam('code') || 'k3_1m';
  const expectParam = useUrlParam('expect');
  const config = LOTTERIES.find((l) => l.code === code) ?? LOTTERIES[0]!;
  const history = useHistoryQuery(config.code, 10);
  const drawn = (history.data?.pages[0]?.list ?? []).filter((p) => p.status === 'drawn');
  const expect = expectParam || drawn[0]?.expect || '';
  const server = useVerifyQuery(config.code, expect);

  const [seed, setSeed] = useState('');
  const [commitmentHex, setCommitment] = useState('');
  const [openCode, setOpenCode] = useState('');
  const [period, setPeriod] = useState('');
  useEffect(() => {
    if (!server.data) return;
    setSeed(server.data.seed ?? '');
    setCommitment(server.data.commitment);
    setOpenCode(server.data.open_code ?? '');
    setPeriod(server.data.expect);
  }, [server.data]);

  const result = seed && period ? recompute(config.family, seed, commitmentHex, period, openCode) : null;

  return (
    <Page title="开奖验证">
      <div className="lt-chips" role="tablist" aria-label="选择彩种">
        {LOTTERIES.map((l) => (
          <button
            key={l.code}
            type="button"
            role="tab"
            aria-selected={l.code === config.code}
            className={l.code === config.code ? 'lt-chip on' : 'lt-chip'}
            onClick={() => void navigate(verifyPath(l.code), { replace: true })}
          >
            {l.name}
          </button>
        ))}
      </div>
      <Section title={period ? `第${period}期 本机验证` : '本机验证'}>
        {server.error ? (
          <ErrorBlock status="disconnected" title={server.error.message} description="" />
        ) : null}
        {server.data && !server.data.seed ? (
          <div className="hint lt-verify-note">{server.data.message}</div>
        ) : null}
        {result ? (
          <div
            className={result.verified ? 'lt-verdict ok card' : 'lt-verdict bad card'}
            data-testid="verify-result"
          >
            <div className="lt-verdict-head">
              {result.verified ? <CheckCircleFill /> : <CloseCircleFill />}
              <strong>{result.verified ? '验证通过' : '验证未通过'}</strong>
              {result.derived ? <OpenCode family={config.family} code={result.derived} size="md" /> : null}
            </div>
            {result.checks.map((c) => (
              <div key={c.label} className="lt-check">
                <span className={c.ok ? 'lt-check-ok' : 'lt-check-bad'}>{c.ok ? '✓' : '✗'}</span>
                <span>
                  {c.label}
                  <span className="mono lt-check-detail">{c.detail}</span>
                </span>
              </div>
            ))}
          </div>
        ) : history.isPending || server.isFetching ? (
          <DotLoading color="primary" />
        ) : (
          <div className="hint">选择已开奖的一期，或填入种子与期号后自动计算。</div>
        )}
      </Section>
      <Section title="验证数据（可修改后重新计算）">
        <div className="lt-verify-form card">
          <label>
            <span>期号</span>
            <Input value={period} onChange={setPeriod} placeholder="期号" />
          </label>
          <label>
            <span>承诺值（开奖前公布）</span>
            <Input value={commitmentHex} onChange={setCommitment} placeholder="SHA-256 承诺值" />
          </label>
          <label>
            <span>种子（开奖时公布）</span>
            <Input value={seed} onChange={setSeed} placeholder="64位十六进制种子" />
          </label>
          <label>
            <span>开奖号码</span>
            <Input value={openCode} onChange={setOpenCode} placeholder="如 1,3,6" />
          </label>
        </div>
        {server.data?.seed ? (
          <Button
            block
            fill="outline"
            className="gold lt-verify-reset"
            onClick={() => {
              setSeed(server.data?.seed ?? '');
              setCommitment(server.data?.commitment ?? '');
              setOpenCode(server.data?.open_code ?? '');
              setPeriod(server.data?.expect ?? '');
            }}
          >
            恢复公布的数据
          </Button>
        ) : null}
      </Section>
      <Section title="最近开奖">
        <div className="lt-verify-recent">
          {history.error ? <span className="hint">{history.error.message}</span> : null}
          {drawn.slice(0, 6).map((p) => (
            <button
              key={p.expect}
              type="button"
              className={p.expect === period ? 'lt-verify-draw on' : 'lt-verify-draw'}
              onClick={() => void navigate(verifyPath(config.code, p.expect), { replace: true })}
            >
              <span className="mono">{p.expect}</span>
              <OpenCode family={config.family} code={p.open_code} size="sm" />
            </button>
          ))}
          {!history.isPending && drawn.length === 0 ? <span className="hint">暂无已开奖期</span> : null}
        </div>
        <p className="hint lt-algorithm">
          算法：承诺值 = SHA-256(种子)；第 i 块 = HMAC-SHA-256(种子,
          &quot;期号:i&quot;)，逐字节拒绝采样得到均匀随机数；
          快3、时时彩逐位取号（快3排序），赛车、11选5、六合彩用 Fisher–Yates 洗牌取前 N
          个。计算全部在本机浏览器完成。
        </p>
      </Section>
    </Page>
  );
}
