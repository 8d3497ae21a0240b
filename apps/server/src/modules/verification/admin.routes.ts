import { addDays, shanghaiDayStart } from '@app/shared';
import { SMS_PURPOSE_LABELS, SMS_STATUS_LABELS } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { listRoutes } from '../../plugins/list-routes.ts';

const tags = ['管理后台-会员'];

/** 短信记录: every SMS code asked for, sent or not; the code itself only where the simulator "sent" it. */
export const verificationAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const verification = app.services.verification;
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/sms', {
      access: { permission: 'members.read' },
      tags,
      summary: '短信记录（验证码发送、失败与未发送）',
      list: async (q) => {
        const { rows, total } = await verification.records({
          phone: q.phone,
          purpose: q.purpose,
          status: q.status,
          memberId: q.member_id,
          from: q.from ? shanghaiDayStart(q.from) : undefined,
          to: q.to ? shanghaiDayStart(addDays(q.to, 1)) : undefined,
          page: q.page,
          pageSize: q.per_page,
        });
        return {
          total,
          list: rows.map((r) => ({
            id: r.id,
            phone: r.phone,
            purpose: r.purpose,
            member_id: r.memberId,
            status: r.status,
            code: r.shownCode,
            provider: r.provider,
            provider_message_id: r.providerMessageId,
            detail: r.detail,
            ip: r.ip,
            attempts: r.attempts,
            created_at: r.createdAt.toISOString(),
            expires_at: r.expiresAt.toISOString(),
            used_at: r.usedAt?.toISOString() ?? null,
          })),
        };
      },
      fileName: '短信记录',
      csv: [
        { title: '时间', value: (r) => r.created_at },
        { title: '手机号', value: (r) => r.phone },
        { title: '用途', value: (r) => SMS_PURPOSE_LABELS[r.purpose] },
        { title: '会员ID', value: (r) => r.member_id },
        { title: '状态', value: (r) => SMS_STATUS_LABELS[r.status] },
        { title: '通道', value: (r) => r.provider },
        { title: '回执', value: (r) => r.detail },
        { title: 'IP', value: (r) => r.ip },
        { title: '尝试次数', value: (r) => r.attempts },
        { title: '使用时间', value: (r) => r.used_at },
      ],
    }),
  };
});
