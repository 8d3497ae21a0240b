import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { App, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { put } from '@/lib/api.ts';

/** A match's 提前结算 switch, as the match detail says it stands; each way asks for a reason, which is audited. */
export function MatchCashOut({ matchId, enabled: initial }: { matchId: number; enabled: boolean }) {
  const { message } = App.useApp();
  const [state, setState] = useState<boolean>(initial);
  const action = (enabled: boolean) => (
    <ModalForm<{ reason: string }>
      key={String(enabled)}
      title={enabled ? '开启本场提前结算' : '关闭本场提前结算'}
      width={480}
      trigger={
        <Button
          danger={!enabled}
          disabled={state === enabled}
          data-testid={enabled ? 'cash-out-on' : 'cash-out-off'}
        >
          {enabled ? '开启提前结算' : '关闭提前结算'}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        try {
          const done = await put(
            '/admin/v1/sports/matches/:id/cash-out',
            { enabled, reason: v.reason.trim() },
            { params: { id: matchId } },
          );
          setState(done.cash_out);
          void message.success(done.cash_out ? '已开启本场提前结算' : '已关闭本场提前结算');
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <p>
        {enabled
          ? '开启后，含本场比赛的未结注单恢复按规则报价。'
          : '关闭后，含本场比赛的任何注单都不再提供提前结算。'}
      </p>
      <ProFormTextArea
        name="reason"
        label="原因"
        rules={[
          { required: true, whitespace: true, message: '请填写原因' },
          { min: 2, message: '请填写原因' },
          { max: 200, message: '原因最多200个字' },
        ]}
      />
    </ModalForm>
  );
  return (
    <Space size={8} style={{ marginLeft: 16 }}>
      <span>提前结算：</span>
      <span data-testid="match-cash-out">
        {state ? <Tag color="green">已开启</Tag> : <Tag color="red">已关闭</Tag>}
      </span>
      {action(false)}
      {action(true)}
    </Space>
  );
}
