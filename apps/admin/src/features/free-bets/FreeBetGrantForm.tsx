import {
  ModalForm,
  ProForm,
  ProFormCheckbox,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
} from '@ant-design/pro-components';
import { FREE_BET_PLAYS } from '@app/shared';
import { FREE_BET_TARGETS, freeBetGrantBody } from '@app/shared/backoffice';
import { App, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useAuth } from '@/app/auth.tsx';
import { tagOptions, useMemberTags } from '@/features/members/tags.ts';
import { post, validate } from '@/lib/api.ts';
import { grantBodyOf, grantDefaults, grantMessage, valueProblem, type GrantValues } from './model.ts';

const TARGETS = Object.entries(FREE_BET_TARGETS).map(([value, label]) => ({ value, label }));
const PLAYS = Object.entries(FREE_BET_PLAYS).map(([value, label]) => ({ value, label }));

/**
 * 发放免费投注券 to one member, the members with a tag or those at a VIP level and above. A total
 * (value × members) above the approval threshold waits for a second operator; members in a
 * time-out or self-exclusion are left out by the server.
 */
export function FreeBetGrantForm({ trigger, onDone }: { trigger: ReactNode; onDone: () => void }) {
  const { message } = App.useApp();
  const { can } = useAuth();
  // The tag list is read with the members' permission; without it the tag is typed.
  const tags = useMemberTags(can('members.read'));
  const grant = async (values: GrantValues) => {
    try {
      const result = await post(
        '/admin/v1/free-bets/grants',
        validate(freeBetGrantBody, grantBodyOf(values)),
      );
      const { type, text } = grantMessage(result);
      void message.open({ type, content: text, duration: 6 });
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
    onDone();
    return true;
  };
  return (
    <ModalForm<GrantValues>
      // Its own ids (grant_username …): the list's search form has a username field of its own.
      name="grant"
      title="发放免费投注券"
      width={720}
      trigger={trigger}
      initialValues={grantDefaults()}
      modalProps={{ destroyOnHidden: true }}
      onFinish={grant}
    >
      <ProFormRadio.Group
        name="target"
        label="发放对象"
        radioType="button"
        options={TARGETS}
        rules={[{ required: true, message: '请选择发放对象' }]}
      />
      <ProFormDependency name={['target']}>
        {({ target }) =>
          target === 'tag' ? (
            tags.data?.length ? (
              <ProFormSelect
                name="tag"
                label="标签"
                width="md"
                showSearch
                options={tagOptions(tags.data)}
                rules={[{ required: true, message: '请选择会员标签' }]}
              />
            ) : (
              <ProFormText
                name="tag"
                label="标签"
                width="md"
                placeholder="会员标签"
                rules={[{ required: true, message: '请填写会员标签' }]}
              />
            )
          ) : target === 'vip' ? (
            <ProFormDigit
              name="vip_min"
              label="VIP等级至少"
              width="sm"
              min={0}
              max={10}
              fieldProps={{ precision: 0 }}
              extra="该等级及以上的会员各发一张"
              rules={[{ required: true, message: '请填写VIP等级' }]}
            />
          ) : (
            <ProFormText
              name="username"
              label="会员账号"
              width="md"
              placeholder="会员用户名"
              rules={[{ required: true, message: '请填写会员账号' }]}
            />
          )
        }
      </ProFormDependency>
      <ProForm.Group>
        <ProFormText
          name="title"
          label="券名称"
          width="md"
          placeholder="如：周末免费投注券"
          fieldProps={{ maxLength: 30 }}
          rules={[
            { required: true, message: '请填写券名称' },
            { min: 2, message: '券名称至少2个字' },
          ]}
        />
        <ProFormText
          name="value"
          label="券面金额（元）"
          width="sm"
          placeholder="2元的整数倍"
          rules={[
            {
              required: true,
              validator: (_, value: unknown) => {
                const problem = valueProblem(value);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        />
      </ProForm.Group>
      <ProForm.Group>
        <ProFormDigit
          name="min_odds"
          label="最低赔率"
          width="sm"
          min={1}
          max={99.99}
          fieldProps={{ precision: 2, step: 0.05 }}
          extra="每场赔率须不低于此值"
          rules={[{ required: true, message: '请填写最低赔率' }]}
        />
        <ProFormDateTimePicker
          name="expires_at"
          label="有效期至"
          width="md"
          fieldProps={{ disabledDate: (d) => d.isBefore(dayjs(), 'day') }}
          rules={[{ required: true, message: '请选择有效期' }]}
        />
      </ProForm.Group>
      <ProFormCheckbox.Group
        name="plays"
        label="适用玩法"
        options={PLAYS}
        rules={[{ required: true, message: '请选择适用玩法' }]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        券面金额即一张竞彩注单的全部本金，仅限赛前投注；中奖派奖扣除券面金额后入账。处于冷静期或自我排除的会员不发放；合计金额（券面金额
        × 人数）超出单人审批额度时，需另一位管理员在「复核中心」通过后发放。
      </Typography.Paragraph>
    </ModalForm>
  );
}
