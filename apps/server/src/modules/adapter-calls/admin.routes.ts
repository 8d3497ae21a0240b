import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { listRoutes } from '../../plugins/list-routes.ts';

/** 系统 › 外部调用: every call an adapter made to its provider, for whoever reads the audit log. */
export const adapterCallsAdminRoutes = contractRoutes(backofficeApi, (app) => ({
  ...listRoutes(backofficeApi, 'GET /admin/v1/adapter-calls', {
    access: { permission: 'audit' },
    tags: ['管理后台-系统'],
    summary: '外部调用（支付网关、竞彩数据、TronGrid、短信的每次 HTTP 调用；密钥、签名与验证码已遮蔽）',
    list: (q) => app.services.adapterCalls.list(q),
    fileName: '外部调用',
    csv: [
      { title: '时间', value: (r) => r.created_at },
      { title: '外部系统', value: (r) => r.adapter_name },
      { title: '操作', value: (r) => r.operation },
      { title: '方法', value: (r) => r.method },
      { title: '地址', value: (r) => r.url },
      { title: '状态码', value: (r) => r.status },
      { title: '结果', value: (r) => r.outcome_text },
      { title: '第几次', value: (r) => r.attempt },
      { title: '耗时(ms)', value: (r) => r.duration_ms },
      { title: '请求', value: (r) => r.request },
      { title: '应答', value: (r) => r.answer },
    ],
  }),
}));
