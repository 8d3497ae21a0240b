/**
 * 在线客服 (issue 40, point 5): a member on a 375 px phone and an operator in the console (1440 ×
 * 900), two browser contexts, chat live: the member writes, the operator takes the conversation
 * from the queue and answers, pictures go both ways, the operator closes it and the member gives
 * four stars, which the console shows at once. Screenshots `support-*.png`, copied to /tmp/shots.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { TERMS_VERSION } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, uniqueUsername, waitForRoute } from './support/app.ts';
import {
  consoleLogin,
  consolePage as desk,
  memberPhone,
  OK_BUTTON,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { screenshot } from './support/browser.ts';

useConsoleSuite('support-chat');

const SHOTS = '/tmp/shots';

async function shot(page: Parameters<typeof screenshot>[0], name: string) {
  const file = await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

/** A real PNG of one colour (so the browser draws it), `size` pixels square. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The live chat on, staffed all day, as an operator saves it in 客服设置. */
async function openLiveChat() {
  const login = await server.app.inject({
    method: 'POST',
    url: '/admin/v1/auth/login',
    payload: { username: 'admin', password: 'admin1234' },
  });
  const token = login.json<{ data: { token: string } }>().data.token;
  const saved = await server.app.inject({
    method: 'PUT',
    url: '/admin/v1/support/settings',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      enabled: true,
      days: [1, 2, 3, 4, 5, 6, 7],
      open_from: '00:00',
      open_to: '00:00',
      welcome: '您好，欢迎咨询金彩在线客服，请问有什么可以帮您？',
      offline_notice: '当前为非服务时间，请留言。',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('在线客服', () => {
  it('a member and an operator chat live, with pictures both ways; the operator closes and the member rates', async () => {
    await openLiveChat();
    const username = uniqueUsername('kf');
    const registered = await server.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
      remoteAddress: '203.0.113.140',
    });
    expect(registered.statusCode, registered.body).toBe(200);

    // The member, on a phone, opens the 客服 tab and writes.
    const { context, page: phone } = await memberPhone();
    phone.on('pageerror', (err) => pageErrors.push(`phone: ${err.message}`));
    await login(phone, username, 'abc12345');
    await waitForRoute(phone, '/pages/home/home');
    await dismissHomeModal(phone);
    await phone.goto('/#/pages/customer/customer');
    await phone.getByTestId('support-banner').waitFor();
    expect(await phone.getByTestId('support-banner').textContent()).toContain('服务时间 每天 全天');
    const input = phone.locator('.support-input textarea:not([readonly])');
    await input.fill('你好，我昨天的充值还没到账');
    await phone.getByRole('button', { name: '发送', exact: true }).click();
    await phone.getByTestId('support-message-member').filter({ hasText: '充值还没到账' }).waitFor();
    await phone.getByTestId('support-system').filter({ hasText: '欢迎咨询金彩在线客服' }).waitFor();

    // The operator finds it in the queue, takes it and answers.
    await consoleLogin(desk, 'admin', 'admin1234');
    await desk.getByTestId('dashboard-today').waitFor();
    await desk.goto(`${server.baseUrl}/admin/support/desk`);
    const queued = desk.locator('.desk-queue-item').filter({ hasText: username });
    await queued.waitFor();
    await queued.click();
    await desk.getByTestId('desk-messages').getByText('你好，我昨天的充值还没到账').waitFor();
    await desk.getByTestId('desk-member').getByText(username, { exact: true }).first().waitFor();
    await desk.getByTestId('desk-take').click();
    await expect.poll(() => desk.getByTestId('desk-status').textContent()).toBe('服务中');
    await desk.getByTestId('desk-input').fill('您好，请提供充值订单号，我马上为您查询');
    await desk.getByRole('button', { name: /发\s?送/ }).click();

    // It reaches the phone over the member's channel, and the member sees who serves them.
    await phone.getByTestId('support-message-operator').filter({ hasText: '请提供充值订单号' }).waitFor();
    await phone.getByTestId('support-system').filter({ hasText: '为您服务' }).waitFor();
    await expect.poll(() => phone.getByTestId('support-banner').textContent()).toContain('为您服务');

    // Pictures both ways: the member's screenshot, the operator's answer.
    await phone.getByTestId('support-file').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: png(120, [236, 198, 171]),
    });
    await phone.getByTestId('support-picture').first().waitFor();
    await desk.getByTestId('desk-picture').first().waitFor();
    await desk.getByTestId('desk-file').setInputFiles({
      name: 'answer.png',
      mimeType: 'image/png',
      buffer: png(120, [60, 130, 220]),
    });
    await expect.poll(() => phone.getByTestId('support-picture').count()).toBe(2);
    await expect.poll(() => desk.getByTestId('desk-picture').count()).toBe(2);
    await phone.locator('.support-input textarea:not([readonly])').fill('订单号 D20300612');
    await phone.getByRole('button', { name: '发送', exact: true }).click();
    await desk.getByTestId('desk-messages').getByText('订单号 D20300612').waitFor();
    // The operator read it: the member's last message says so.
    await expect.poll(() => phone.getByTestId('support-read').textContent()).toBe('已读');
    await shot(phone, 'support-member-chat');
    await shot(desk, 'support-console-desk');

    // The operator closes; the member is asked for stars and gives four.
    await desk.getByTestId('desk-close').click();
    await desk.getByRole('button', { name: OK_BUTTON }).click();
    await expect.poll(() => desk.getByTestId('desk-status').textContent()).toBe('已结束');
    const rating = phone.getByTestId('support-rating');
    await rating.waitFor();
    await rating.getByRole('radio', { name: '4', exact: true }).tap();
    await expect.poll(() => rating.textContent()).toContain('满意');
    await rating.locator('textarea:not([readonly])').fill('回复很及时');
    await shot(phone, 'support-member-rating');
    await rating.getByRole('button', { name: '提交评价' }).click();
    await rating.waitFor({ state: 'detached' });
    await expect.poll(() => desk.getByTestId('desk-rating').textContent()).toContain('★★★★');
    expect(await desk.getByTestId('desk-rating').textContent()).toContain('回复很及时');
    await shot(desk, 'support-console-rated');

    // The conversation stays searchable by its words.
    await desk.goto(`${server.baseUrl}/admin/support/history?q=${encodeURIComponent('订单号')}`);
    await desk.locator('.ant-table-row').filter({ hasText: username }).first().waitFor();
    await shot(desk, 'support-console-history');

    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
