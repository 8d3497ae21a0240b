import { List } from 'antd-mobile';
import { BUILD_INFO } from '@/lib/build-info.ts';
import type { UpdateCheck } from '@/lib/updates.ts';
import { formatDateTime } from '@/ui/format.ts';

/** This bundle's version and build id next to what version.json says. */
export function VersionPanel({ result }: { result: UpdateCheck | undefined }) {
  return (
    <List mode="card" header="版本信息" className="version-panel">
      <List.Item extra={`v${BUILD_INFO.version}（${BUILD_INFO.versionCode}）`}>应用版本</List.Item>
      <List.Item
        extra={
          <span className="mono" data-testid="current-build">
            {BUILD_INFO.buildId}
          </span>
        }
      >
        当前构建
      </List.Item>
      <List.Item extra={formatDateTime(BUILD_INFO.builtAt)}>构建时间</List.Item>
      <List.Item
        extra={
          <span className="mono" data-testid="remote-build">
            {result ? result.remote.buildId : '未检查'}
          </span>
        }
      >
        服务器构建
      </List.Item>
      <List.Item extra={result ? `v${result.remote.version}（${result.remote.versionCode}）` : '--'}>
        服务器版本
      </List.Item>
      <List.Item
        extra={
          result ? (
            <span className={result.hasUpdate ? 'gold-text' : 'muted'} data-testid="update-status">
              {result.hasUpdate ? '有新版本' : '已是最新'}
            </span>
          ) : (
            '--'
          )
        }
      >
        检查结果
      </List.Item>
      {result ? <List.Item extra={formatDateTime(result.checkedAt, true)}>检查时间</List.Item> : null}
    </List>
  );
}
