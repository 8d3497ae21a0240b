import { PageContainer } from '@ant-design/pro-components';
import type { BackofficeResponse } from '@app/shared/backoffice-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, InputNumber, Row, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { get, put } from '@/lib/api.ts';
import { bpToPercent, percentToBp } from './cash-out.ts';

type Rules = BackofficeResponse<'GET', '/admin/v1/sports/cash-out'>;
type Rule = Rules['sports'][number];
interface Form {
  enabled: boolean;
  percent: number | null;
}

const QUERY_KEY = ['sports-cash-out'];

/** One sport's switch and margin, saved on their own. */
function RuleCard({ rule }: { rule: Rule }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Form>();
  const [saving, setSaving] = useState(false);
  const save = async (v: Form) => {
    const marginBp = percentToBp(v.percent);
    if (marginBp === null) {
      void message.error('提前结算抽水须为0%-50%，最多两位小数');
      return;
    }
    setSaving(true);
    try {
      const saved = await put('/admin/v1/sports/cash-out', {
        sport: rule.sport,
        enabled: v.enabled,
        margin_bp: marginBp,
      });
      queryClient.setQueryData<Rules>(QUERY_KEY, saved);
      void message.success(`已保存${rule.sport_name}提前结算设置`);
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      data-testid={`cash-out-${rule.sport}`}
      title={rule.sport_name}
      extra={
        <Space size={4} data-testid={`cash-out-${rule.sport}-saved`}>
          <Typography.Text type="secondary">当前：</Typography.Text>
          {rule.enabled ? <Tag color="green">已开启</Tag> : <Tag>已关闭</Tag>}
          <Typography.Text>抽水 {rule.margin_text}</Typography.Text>
        </Space>
      }
    >
      <Form<Form>
        form={form}
        layout="vertical"
        initialValues={{ enabled: rule.enabled, percent: bpToPercent(rule.margin_bp) }}
        onFinish={save}
      >
        <Form.Item name="enabled" label="提前结算" valuePropName="checked">
          <Switch checkedChildren="开启" unCheckedChildren="关闭" aria-label={`${rule.sport_name}提前结算`} />
        </Form.Item>
        <Form.Item
          name="percent"
          label="抽水比例（%）"
          extra="0%-50%，最多两位小数"
          rules={[{ required: true, message: '请填写抽水比例' }]}
        >
          <InputNumber<number>
            min={0}
            max={50}
            step={0.5}
            precision={2}
            addonAfter="%"
            style={{ width: 200 }}
            aria-label={`${rule.sport_name}抽水比例`}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`save-${rule.sport}`}>
          保存{rule.sport_name}设置
        </Button>
      </Form>
    </Card>
  );
}

/**
 * 提前结算 per sport: whether members are offered a cash-out on their open orders, and the margin
 * the book keeps off the fair value. A single match is switched off from its drawer on 赛事与风控.
 */
export default function CashOutPage() {
  const { data, error, isLoading } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => get('/admin/v1/sports/cash-out'),
  });
  return (
    <PageContainer title="提前结算" subTitle="按运动开启或关闭提前结算，并设置抽水比例">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="报价 = 未结束赛事按当前赔率折算的价值 × (1 − 抽水)；盘口暂停、比赛开赛或关闭时不报价。"
        description="单场比赛可在「赛事与风控」的比赛详情中单独关闭提前结算；每次保存均记入操作日志。"
      />
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={error.message} />}
      <Row gutter={16}>
        {isLoading && (
          <Col span={12}>
            <Card loading />
          </Col>
        )}
        {data?.sports.map((rule) => (
          <Col key={`${rule.sport}-${rule.enabled}-${rule.margin_bp}`} xs={24} lg={12}>
            <RuleCard rule={rule} />
          </Col>
        ))}
      </Row>
    </PageContainer>
  );
}
