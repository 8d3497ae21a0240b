import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { freeBetRevokeBody } from '@app/shared/backoffice';
import { App, Typography } from 'antd';
import { post, validate } from '@/lib/api.ts';
import { yuan } from '@/lib/format.ts';
import type { FreeBet } from './model.ts';

/** Revokes a ticket the member has not used yet, with a reason for the audit log. */
export function RevokeFreeBet({ row, onDone }: { row: FreeBet; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<{ reason: string }>
      name="revoke"
      title={`作废免费投注券 #${row.id}`}
      width={480}
      trigger={
        <a data-testid={`revoke-${row.id}`} style={{ color: '#cf1322' }}>
          作废
        </a>
      }
      modalProps={{ destroyOnHidden: true, okText: '确认作废', cancelText: '返回' }}
      onFinish={async (v) => {
        try {
          await post('/admin/v1/free-bets/:id/revoke', validate(freeBetRevokeBody, { reason: v.reason }), {
            params: { id: row.id },
          });
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
        void message.success('已作废');
        onDone();
        return true;
      }}
    >
      <Typography.Paragraph>
        {row.username} 的「{row.title}」（{yuan(row.value)} 元）作废后不可再使用，也不可恢复。
      </Typography.Paragraph>
      <ProFormTextArea
        name="reason"
        label="作废原因（写入审计日志）"
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[
          { required: true, message: '请填写作废原因' },
          { min: 2, message: '请填写作废原因' },
        ]}
      />
    </ModalForm>
  );
}
