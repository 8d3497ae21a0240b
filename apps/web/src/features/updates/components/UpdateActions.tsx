import { Button, NoticeBar } from 'antd-mobile';
import { restartApp, UPDATE_READY_MESSAGE, type UpdateCheck } from '@/lib/updates.ts';

/** Check button, and once a new build is found the restart notice (SPEC.md §8) with its button. */
export function UpdateActions({
  result,
  checking,
  error,
  onCheck,
}: {
  result: UpdateCheck | undefined;
  checking: boolean;
  error: string | null;
  onCheck: () => void;
}) {
  return (
    <div className="update-actions stack">
      {result?.hasUpdate ? <NoticeBar color="alert" wrap content={UPDATE_READY_MESSAGE} /> : null}
      {error ? <p className="form-error">{error}</p> : null}
      {result?.hasUpdate ? (
        <Button block color="primary" size="large" onClick={restartApp}>
          立即重启
        </Button>
      ) : null}
      <Button
        block
        fill={result?.hasUpdate ? 'outline' : 'solid'}
        className="gold"
        loading={checking}
        onClick={onCheck}
      >
        检查更新
      </Button>
    </div>
  );
}
