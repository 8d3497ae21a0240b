import {
  PageContainer,
  ProCard,
  ProForm,
  ProFormDigit,
  ProFormGroup,
  ProFormList,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { financeSettingsBody, type FinanceSettingsView } from '@app/shared/backoffice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { PendingChangesBanner } from '@/features/approvals/PendingChangesBanner.tsx';
import { doneOrPending, get, put, validate } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { amountRules } from '@/ui/amount.ts';

type Form = Omit<FinanceSettingsView, 'updated_at'> & { reason?: string };

/**
 * Rates, withdrawal limits and fees, the turnover multiple, payment methods: in force at once,
 * audited; a change that loosens a money control waits in 复核中心 for a second operator.
 */
export default function FinanceSettingsPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const formRef = useRef<ProFormInstance<Form>>(undefined);
  const { data } = useQuery({
    queryKey: ['finance-settings'],
    queryFn: () => get('/admin/v1/settings/finance'),
  });
  if (!data) return <Spin />;
  return (
    <PageContainer
      title="财务设置"
      subTitle={`保存后立即对会员生效，并记录审计日志；放宽资金控制的修改须另一位管理员复核 · 最后修改 ${beijing(data.updated_at)}`}
    >
      <PendingChangesBanner kind="finance.settings" />
      <ProForm<Form>
        formRef={formRef}
        initialValues={data}
        layout="vertical"
        submitter={{ searchConfig: { submitText: '保存设置' }, resetButtonProps: { children: '还原' } }}
        onFinish={async (values) => {
          const body = {
            ...values,
            withdraw_fee_bp: Number(values.withdraw_fee_bp),
            payment_methods: values.payment_methods.map((m) => ({
              code: m.code,
              enabled: m.enabled,
              sort: Number(m.sort),
              min_amount: m.min_amount,
              max_amount: m.max_amount,
            })),
          };
          try {
            validate(financeSettingsBody, body);
          } catch (e) {
            void message.error((e as Error).message);
            return false;
          }
          const ok = await modal.confirm({
            title: '保存财务设置',
            content:
              '新的汇率、限额与手续费将立即对所有会员生效。放宽资金控制的修改（提高单人审批额度、单笔最高提现或充值方式上限、USDT 充值汇率，降低 USDT 提现汇率或充值打码倍数）须另一位管理员在「复核中心」复核通过后才生效。确定保存？',
          });
          if (!ok) return false;
          try {
            const saved = await put('/admin/v1/settings/finance', body);
            const { pending_change, ...inForce } = saved;
            queryClient.setQueryData(['finance-settings'], inForce);
            // A proposal changes nothing yet: the form shows again what is in force.
            if (pending_change) {
              formRef.current?.setFieldsValue({ ...inForce, reason: '' });
              // The banner at the top says what waits; the save button is at the bottom.
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }
            void queryClient.invalidateQueries({ queryKey: ['control-changes'] });
            void message.success(doneOrPending(saved, '已保存，立即生效'));
            return true;
          } catch (e) {
            void message.error((e as Error).message);
            return false;
          }
        }}
      >
        <ProCard title="USDT 汇率（元 / USDT）" bordered style={{ marginBottom: 16 }}>
          <ProFormGroup>
            <ProFormText name="usdt_deposit_rate" label="充值汇率" width="sm" />
            <ProFormText name="usdt_withdraw_rate" label="提现汇率" width="sm" />
          </ProFormGroup>
        </ProCard>
        <ProCard title="提现限额与手续费" bordered style={{ marginBottom: 16 }}>
          <ProFormGroup>
            <ProFormText
              name="withdraw_min"
              label="单笔最低（元）"
              width="sm"
              rules={amountRules({ allowZero: true })}
            />
            <ProFormText
              name="withdraw_max"
              label="单笔最高（元）"
              width="sm"
              rules={amountRules({ allowZero: true })}
            />
            <ProFormDigit
              name="withdraw_fee_bp"
              label="手续费率（万分之）"
              width="sm"
              min={0}
              max={10000}
              fieldProps={{ precision: 0 }}
            />
            <ProFormText
              name="withdraw_fee_min"
              label="手续费下限（元）"
              width="sm"
              rules={amountRules({ allowZero: true })}
            />
            <ProFormText
              name="withdraw_fee_max"
              label="手续费上限（元）"
              width="sm"
              rules={amountRules({ allowZero: true })}
            />
          </ProFormGroup>
        </ProCard>
        <ProCard title="打码与复核" bordered style={{ marginBottom: 16 }}>
          <ProFormGroup>
            <ProFormText
              name="deposit_turnover_multiple"
              label="充值打码倍数"
              width="sm"
              extra="充值金额 × 倍数 = 提现前需完成的打码量"
            />
            <ProFormText
              name="adjustment_approval_threshold"
              label="单人审批额度（元）"
              width="sm"
              rules={amountRules({ allowZero: true })}
              extra="当日为同一会员独自经手的资金超过此额度，须另一位管理员复核"
            />
          </ProFormGroup>
        </ProCard>
        <ProCard title="充值方式" bordered style={{ marginBottom: 16 }}>
          <ProFormList
            name="payment_methods"
            creatorButtonProps={false}
            deleteIconProps={false}
            copyIconProps={false}
          >
            {(field) => (
              <ProFormGroup key={field.key}>
                <ProFormText name="name" label="方式" width="sm" readonly />
                <ProFormSwitch name="enabled" label="启用" />
                <ProFormDigit
                  name="sort"
                  label="排序"
                  width="xs"
                  min={0}
                  max={999}
                  fieldProps={{ precision: 0 }}
                />
                <ProFormText
                  name="min_amount"
                  label="单笔最低（元）"
                  width="sm"
                  rules={amountRules({ allowZero: true })}
                />
                <ProFormText
                  name="max_amount"
                  label="单笔最高（元）"
                  width="sm"
                  rules={amountRules({ allowZero: true })}
                />
              </ProFormGroup>
            )}
          </ProFormList>
          <Typography.Text type="secondary">USDT 方式的限额按折算后的人民币金额计算。</Typography.Text>
        </ProCard>
        <ProFormTextArea name="reason" label="修改原因（写入审计日志）" width="xl" />
      </ProForm>
    </PageContainer>
  );
}
