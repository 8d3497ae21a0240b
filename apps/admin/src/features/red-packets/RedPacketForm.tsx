import {
  ModalForm,
  ProForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
} from '@ant-design/pro-components';
import { Alert, App } from 'antd';
import type { ReactNode } from 'react';
import { RED_PACKET_CODE, RED_PACKET_KINDS, RED_PACKET_LIMITS } from '@app/shared';
import { redPacketBody } from '@app/shared/backoffice';
import { doneOrPending, post, put, validate } from '@/lib/api.ts';
import { amountRules } from '@/ui/amount.ts';
import { bodyOf, formOf, type RedPacket } from './model.ts';

const KINDS = Object.entries(RED_PACKET_KINDS).map(([value, label]) => ({ value, label }));
const DEFAULTS = { kind: 'rain', min_amount: '0.01', turnover_multiple: 1 };

/**
 * Creates a 红包 (row null) or edits one: before its window every term but the kind, once open
 * only the name and the end. A budget above the approval threshold waits for a second operator.
 */
export function RedPacketForm({
  row,
  trigger,
  onDone,
}: {
  row: RedPacket | null;
  trigger: ReactNode;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const started = row?.status === 'running';
  const save = async (values: Record<string, unknown>) => {
    try {
      const body = validate(redPacketBody, bodyOf(values, row));
      const saved = row
        ? await put('/admin/v1/red-packets/:id', body, { params: { id: row.id } })
        : await post('/admin/v1/red-packets', body);
      void message.success(doneOrPending(saved, row ? '已保存' : '已创建'));
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
    onDone();
    return true;
  };
  return (
    <ModalForm<Record<string, unknown>>
      key={row ? `edit-${row.id}` : 'new'}
      title={row ? `修改红包：${row.name}` : '新增红包'}
      width={760}
      trigger={trigger}
      initialValues={row ? formOf(row) : DEFAULTS}
      modalProps={{ destroyOnHidden: true }}
      onFinish={save}
    >
      {started ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="红包已开始：只能修改名称与结束时间，其余条款已锁定"
        />
      ) : null}
      <ProFormRadio.Group
        name="kind"
        label="类型"
        radioType="button"
        options={KINDS}
        disabled={row !== null}
        extra={row ? '类型创建后不可修改' : undefined}
        rules={[{ required: true, message: '请选择红包类型' }]}
      />
      <ProForm.Group>
        <ProFormText
          name="name"
          label="名称"
          width="md"
          placeholder="如：周末红包雨"
          rules={[{ required: true, message: '请填写红包名称' }]}
        />
        <ProFormDependency name={['kind']}>
          {({ kind }) =>
            kind === 'code' ? (
              <ProFormText
                name="code"
                label="口令"
                width="md"
                placeholder="2-20位字母、数字或汉字"
                disabled={started}
                rules={[
                  { required: true, message: '口令红包须填写口令' },
                  { pattern: RED_PACKET_CODE, message: '口令由2-20位字母、数字或汉字组成' },
                ]}
              />
            ) : null
          }
        </ProFormDependency>
      </ProForm.Group>
      <ProForm.Group>
        <ProFormDateTimePicker
          name="starts_at"
          label="开始时间"
          width="md"
          disabled={started}
          rules={[{ required: true, message: '请选择开始时间' }]}
        />
        <ProFormDateTimePicker
          name="ends_at"
          label="结束时间"
          width="md"
          rules={[{ required: true, message: '请选择结束时间' }]}
        />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText name="budget" label="总金额（元）" width="md" disabled={started} rules={amountRules()} />
        <ProFormDigit
          name="count"
          label="红包个数"
          width="md"
          min={1}
          max={RED_PACKET_LIMITS.maxCount}
          disabled={started}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请填写红包个数' }]}
        />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormText
          name="min_amount"
          label="单个最低金额（元）"
          width="md"
          disabled={started}
          rules={amountRules()}
        />
        <ProFormDigit
          name="turnover_multiple"
          label="打码倍数"
          width="md"
          min={0}
          max={50}
          disabled={started}
          fieldProps={{ precision: 2 }}
          rules={[{ required: true, message: '请填写打码倍数' }]}
        />
      </ProForm.Group>
      <ProForm.Group title="领取条件（不填为不限）">
        <ProFormDigit
          name="vip_min"
          placeholder="不限"
          label="VIP等级至少"
          width="sm"
          min={0}
          max={10}
          disabled={started}
          fieldProps={{ precision: 0 }}
        />
        <ProFormText
          name="deposit_min"
          placeholder="不限"
          label="当日存款至少（元）"
          width="sm"
          disabled={started}
          rules={amountRules({ optional: true })}
        />
        <ProFormText
          name="turnover_min"
          placeholder="不限"
          label="当日有效投注至少（元）"
          width="sm"
          disabled={started}
          rules={amountRules({ optional: true })}
        />
      </ProForm.Group>
    </ModalForm>
  );
}
