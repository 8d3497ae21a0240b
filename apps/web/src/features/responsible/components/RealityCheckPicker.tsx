import { REALITY_CHECK_MINUTES } from '@app/shared';
import { Selector } from 'antd-mobile';
import { toast } from '@/lib/toast.tsx';
import { Section } from '@/ui/Page.tsx';
import { useRealityCheckMutation } from '../queries.ts';

type Minutes = (typeof REALITY_CHECK_MINUTES)[number];

const OPTIONS = REALITY_CHECK_MINUTES.map((m) => ({ label: m === 0 ? '关闭' : `${m}分钟`, value: m }));

const isMinutes = (n: number): n is Minutes => (REALITY_CHECK_MINUTES as readonly number[]).includes(n);

/** 游戏时长提醒: off, or every 30, 60 or 120 minutes of this login. */
export function RealityCheckPicker({ minutes }: { minutes: number }) {
  const save = useRealityCheckMutation();
  const choose = (next: Minutes | undefined) => {
    if (next === undefined || next === minutes) return;
    save.mutate(next, {
      onSuccess: (session) =>
        toast.success(
          session.interval_minutes > 0
            ? `已开启，每${session.interval_minutes}分钟提醒一次`
            : '已关闭游戏时长提醒',
        ),
    });
  };
  return (
    <Section title="游戏时长提醒">
      <div className="card rp-reality" data-testid="rp-reality-check">
        <Selector<Minutes>
          columns={4}
          showCheckMark={false}
          options={OPTIONS}
          value={isMinutes(minutes) ? [minutes] : []}
          disabled={save.isPending}
          onChange={(values) => choose(values[0])}
        />
        <p className="hint">
          开启后，每隔所选时长提醒一次本次登录的时长、投注、派彩和输赢。计时由服务器记录，刷新页面不会重新计时。
        </p>
      </div>
    </Section>
  );
}
