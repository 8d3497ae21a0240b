import type { SoftwareIntegrity } from '@app/shared/backoffice';
import { Alert, Typography } from 'antd';
import { beijing } from '@/lib/format.ts';

const PROBLEM: Record<SoftwareIntegrity['problems'][number]['problem'], string> = {
  changed: '已改动',
  missing: '缺失',
  added: '多出',
  manifest: '清单无效',
};

/**
 * The software self-check of the server that answered (GLI-33): its shipped files against the
 * manifest the build wrote, at start and every 24 hours. A difference is an error banner naming the
 * files; a passing check is one quiet line with the digest an operator compares with the release's.
 */
export function IntegrityAlert({ integrity }: { integrity: SoftwareIntegrity | undefined }) {
  if (!integrity || integrity.status === 'pending') return null;
  const digest = integrity.digest ? (
    <Typography.Text code copyable={{ text: integrity.digest }}>
      {integrity.digest.slice(0, 16)}…
    </Typography.Text>
  ) : null;
  const when = `上次 ${beijing(integrity.checked_at)}，下次 ${beijing(integrity.next_at)}`;
  if (integrity.status === 'ok')
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="integrity-status"
        message={
          <span>
            软件自检通过：{integrity.files} 个文件与构建清单一致（版本 {integrity.version}，清单摘要 {digest}
            ）；{when}
          </span>
        }
      />
    );
  if (integrity.status === 'unverified')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="integrity-status"
        message="软件自检未进行：没有构建清单（从源码运行）。生产部署请使用 npm run build 生成的清单。"
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="integrity-status"
      message={`软件自检不一致：${integrity.problem_count} 个文件与构建清单不符`}
      description={
        <div>
          <div>
            清单摘要 {digest}（版本 {integrity.version}，构建于 {beijing(integrity.built_at)}）；{when}
          </div>
          <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {integrity.problems.map((p) => (
              <li key={`${p.problem}:${p.path}`}>
                {PROBLEM[p.problem]} <Typography.Text code>{p.path}</Typography.Text>
              </li>
            ))}
            {integrity.problem_count > integrity.problems.length ? (
              <li>另有 {integrity.problem_count - integrity.problems.length} 个</li>
            ) : null}
          </ul>
        </div>
      }
    />
  );
}
