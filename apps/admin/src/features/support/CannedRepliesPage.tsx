import { PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { supportCannedReplyBody, type SupportCannedReply } from '@app/shared/backoffice';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table } from 'antd';
import { del, get, post, put, validate } from '@/lib/api.ts';

type Values = { title: string; body: string; sort?: number };

function ReplyForm({ row, onDone }: { row?: SupportCannedReply; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<Values>
      title={row ? '修改快捷回复' : '新建快捷回复'}
      width={520}
      initialValues={row ?? { sort: 0 }}
      trigger={
        row ? (
          <a data-testid={`canned-edit-${row.id}`}>修改</a>
        ) : (
          <Button type="primary" icon={<PlusOutlined />} data-testid="canned-new">
            新建快捷回复
          </Button>
        )
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async (v) => {
        try {
          const body = validate(supportCannedReplyBody, { title: v.title, body: v.body, sort: v.sort ?? 0 });
          if (row) await put('/admin/v1/support/canned-replies/:id', body, { params: { id: row.id } });
          else await post('/admin/v1/support/canned-replies', body);
          void message.success('已保存');
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <ProFormText
        name="title"
        label="标题"
        rules={[{ required: true, message: '请输入标题' }]}
        fieldProps={{ maxLength: 30 }}
      />
      <ProFormTextArea
        name="body"
        label="回复内容"
        rules={[{ required: true, message: '请输入消息内容' }]}
        fieldProps={{ maxLength: 1000, showCount: true, autoSize: { minRows: 3 } }}
      />
      <ProFormDigit name="sort" label="排序（小的在前）" min={0} max={9999} fieldProps={{ precision: 0 }} />
    </ModalForm>
  );
}

/** 在线客服 › 快捷回复: the words operators keep ready, chosen from the reply box. */
export function CannedRepliesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: ['support', 'canned'],
    queryFn: () => get('/admin/v1/support/canned-replies'),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['support', 'canned'] });
  return (
    <PageContainer title="快捷回复" extra={<ReplyForm onDone={reload} />}>
      <Table<SupportCannedReply>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '标题', dataIndex: 'title', width: 200 },
          { title: '内容', dataIndex: 'body' },
          {
            title: '操作',
            width: 140,
            render: (_, r) => (
              <Space>
                <ReplyForm row={r} onDone={reload} />
                <Popconfirm
                  title="删除这条快捷回复？"
                  onConfirm={async () => {
                    try {
                      await del('/admin/v1/support/canned-replies/:id', undefined, { params: { id: r.id } });
                      void message.success('已删除');
                      reload();
                    } catch (e) {
                      void message.error((e as Error).message);
                    }
                  }}
                >
                  <a style={{ color: '#cf1322' }}>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
