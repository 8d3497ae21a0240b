import { ModalForm, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { createAdjustmentBody } from '@app/shared/backoffice';
import { App, Button } from 'antd';
import { doneOrPending, post, validate } from '@/lib/api.ts';
import { yuan } from '@/lib/format.ts';
import { amountRules } from '@/ui/amount.ts';

/** A manual credit or debit; above the threshold it waits for a second operator. */
export function AdjustmentForm({
  memberId,
  username,
  onDone,
}: {
  memberId: number;
  username: string;
  onDone: () => void;
}) {
  const { message, modal } = App.useApp();
  return (
    <ModalForm<{ direction: 'credit' | 'debit'; amount: string; reason: string }>
      title={`人工调整：${username}`}
      width={460}
      initialValues={{ direction: 'credit' }}
      trigger={<Button data-testid="open-adjustment">人工调整</Button>}
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        const body = {
          member_id: memberId,
          direction: v.direction,
          amount: v.amount?.trim(),
          reason: v.reason,
        };
        try {
          validate(createAdjustmentBody, body);
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
        const verb = v.direction === 'credit' ? '加款' : '扣款';
        const confirmed = await modal.confirm({
          title: `确认${verb}`,
          content: `将为会员 ${username} ${verb} ${yuan(body.amount)} 元（${v.reason}）。你今日为该会员独自经手的资金超过单人审批额度时，需由另一位管理员复核后入账。`,
          okText: `确认${verb}`,
        });
        if (!confirmed) return false;
        try {
          const item = await post('/admin/v1/adjustments', body);
          // Beyond the solo allowance the adjustment itself waits (人工调整 is its queue).
          void message.success(
            item.status === 'pending'
              ? `已提交，等待另一位管理员复核（人工调整 #${item.id}）`
              : doneOrPending(item, `已入账，余额 ${yuan(item.balance_after)} 元`),
          );
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormRadio.Group
        name="direction"
        label="方向"
        options={[
          { label: '加款', value: 'credit' },
          { label: '扣款', value: 'debit' },
        ]}
      />
      <ProFormText
        name="amount"
        label="金额（元）"
        placeholder="例如 100.00"
        rules={amountRules()}
        extra="正数，最多两位小数；方向选择加款或扣款"
      />
      <ProFormTextArea
        name="reason"
        label="原因"
        placeholder="会员可见，并写入审计日志"
        rules={[{ required: true, message: '请填写原因' }]}
      />
    </ModalForm>
  );
}
