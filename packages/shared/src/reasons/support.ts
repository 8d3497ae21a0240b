import { reasons } from './define.ts';

/** What 在线客服 refuses: members writing, pictures, ratings, and the console's decisions. */
export const SUPPORT_REASONS = reasons({
  'support.disabled': { status: 403, message: '在线客服暂未开启' },
  'support.conversation_not_found': { status: 404, message: '会话不存在' },
  'support.picture_not_found': { status: 404, message: '图片不存在' },
  'support.picture_type': { status: 422, message: '仅支持 PNG、JPG、WEBP 格式的图片' },
  'support.picture_too_large': { status: 422, message: '图片不能超过2MB' },
  'support.too_fast': {
    status: 429,
    message: (p: { wait: string }) => `发送太频繁，请${p.wait}后再试`,
  },
  'support.no_conversation': { status: 409, message: '当前没有进行中的会话' },
  'support.closed': { status: 409, message: '该会话已结束' },
  'support.not_rateable': { status: 409, message: '该会话不能评价' },
  'support.already_rated': { status: 409, message: '该会话已评价' },
  'support.taken': {
    status: 409,
    message: (p: { operator: string }) => `该会话已由${p.operator}接入`,
  },
  'support.not_yours': { status: 403, message: '该会话不是由您接待，请先接入' },
  'support.colleague_not_found': { status: 422, message: '所选客服不存在或无客服权限' },
  'support.same_operator': { status: 409, message: '该会话已由所选客服接待' },
  'support.canned_reply_not_found': { status: 404, message: '快捷回复不存在' },
});
