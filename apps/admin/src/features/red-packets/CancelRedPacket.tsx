import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { App, Typography } from 'antd';
import { redPacketCancelBody } from '@app/shared/backoffice';
import { post, validate } from '@/lib/api.ts';
import { yuan } from '@/lib/format.ts';
import type { RedPacket } from './model.ts';

/** Stops a red packet, with a reason for the audit log: claims made stay paid, the rest is never paid. */
export function CancelRedPacket({ row, onDone }: { row: RedPacket; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<{ reason: string }>
      title={`取消红包：${row.name}`}
      width={480}
      trigger={
        <a data-testid={`cancel-${row.id}`} style={{ color: '#cf1322' }}>
          取消
        </a>
      }
      modalProps={{ destroyOnHidden: true, okText: '确认取消', cancelText: '返回' }}
      onFinish={async (v) => {
        try {
          await post(
            '/admin/v1/red-packets/:id/cancel',
            validate(redPacketCancelBody, { reason: v.reason }),
            { params: { id: row.id } },
          );
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
        void message.success('已取消');
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph>
        已领取的 {row.claimed} 个（{yuan(row.claimed_amount)} 元）保留，其余 {yuan(row.remaining_amount)}{' '}
        元不再发放；取消后公布种子。
      </Typography.Paragraph>
      <ProFormTextArea
        name="reason"
        label="取消原因（写入审计日志）"
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[
          { required: true, message: '请填写取消原因' },
          { min: 2, message: '请填写取消原因' },
        ]}
      />
    </ModalForm>
  );
}
