import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEDGER_TYPE_KEYS, WALLET_KINDS } from '../../ledger.ts';
import { correctionBody } from '../../contracts/backoffice/sports.ts';
import { MEMBER_FLAG_KEYS } from '../../contracts/backoffice/members.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_LABELS,
  auditDetailRows,
  describeAuditTarget,
  describeReference,
  GAME_PLATFORM_LABELS,
  LEDGER_REFERENCE_LABELS,
  LEDGER_TYPE_LABELS,
  REGISTER_SOURCE_LABELS,
  registerSourceLabel,
  valueText,
  walletLabel,
} from './labels.ts';

/** The server's source, read as text: what it writes is what the console must have words for. */
const SERVER = fileURLToPath(new URL('../../../../../apps/server/src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const files = sourceFiles(SERVER).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const read = (relative: string) => readFileSync(join(SERVER, relative), 'utf8');

/** The content kinds the console edits (`this.save('notice', …)`): their audit actions and objects. */
const contentKinds = [
  ...read('modules/content/admin.service.ts').matchAll(/this\.save\(\s*'([a-z_]+)'/g),
].map((m) => m[1]!);

/**
 * The actions written from a template, and what each template can become. A new template fails
 * the test until it is listed here (with where its values come from) and its actions labelled.
 */
const TEMPLATES: Record<string, () => string[]> = {
  "`content.${kind}.${id === null ? 'create' : 'update'}`": () =>
    contentKinds.flatMap((k) => [`content.${k}.create`, `content.${k}.update`]),
  '`member.flag.${input.flag}`': () => MEMBER_FLAG_KEYS.map((f) => `member.flag.${f}`),
  '`sports.${b.kind}`': () => correctionBody.shape.kind.options.map((k) => `sports.${k}`),
};

interface AuditCall {
  file: string;
  expression: string;
}

/** Every `….audit(work, { … action: <expression>, … })` of the server, its action expression as written. */
function auditCalls(): AuditCall[] {
  const calls: AuditCall[] = [];
  for (const { path, text } of files) {
    for (const m of text.matchAll(/\.audit\(\s*work\s*,\s*\{/g)) {
      const rest = text.slice(m.index + m[0].length);
      const action = /^\s*(?:[a-zA-Z]+:[^\n]*\n\s*)*?action:\s*([^\n]+?),?\s*\n/.exec(rest);
      calls.push({ file: path.slice(SERVER.length), expression: action?.[1]?.trim() ?? '<no action>' });
    }
  }
  return calls;
}

/** The actions an expression writes: its quoted strings, or a known template's values. */
function actionsOf(call: AuditCall): string[] {
  if (call.expression.startsWith('`')) {
    const expand = TEMPLATES[call.expression];
    if (!expand)
      throw new Error(`${call.file}: unknown action template ${call.expression}: list it in TEMPLATES`);
    return expand();
  }
  const quoted = [...call.expression.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  if (quoted.length === 0) throw new Error(`${call.file}: cannot read the action of ${call.expression}`);
  return quoted;
}

describe('the console has a word for every code the server writes', () => {
  it('finds the audit calls of the server (the reading below works)', () => {
    const calls = auditCalls();
    expect(calls.length).toBeGreaterThan(30);
    expect(contentKinds).toEqual(expect.arrayContaining(['notice', 'banner', 'lottery_article']));
    expect(calls.filter((c) => c.expression === '<no action>')).toEqual([]);
  });

  it('labels every audit action the server writes, and no action it does not write', () => {
    const written = new Set(auditCalls().flatMap(actionsOf));
    expect(written).toContain('adjustment.create');
    expect(written).toContain('sports.void');
    expect(written).toContain('member.flag.is_black');
    expect(written).toContain('content.notice.update');
    const labelled = new Set(Object.keys(AUDIT_ACTION_LABELS));
    expect([...written].filter((a) => !labelled.has(a)).sort()).toEqual([]);
    expect([...labelled].filter((a) => !written.has(a)).sort()).toEqual([]);
    for (const label of Object.values(AUDIT_ACTION_LABELS)) expect(label).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('labels every object an audit entry names', () => {
    const types = new Set(
      files.flatMap(({ text }) => [...text.matchAll(/targetType: '([a-z_]+)'/g)].map((m) => m[1]!)),
    );
    for (const kind of contentKinds) types.add(kind);
    expect(types).toContain('withdrawal');
    expect([...types].filter((t) => !(t in AUDIT_TARGET_LABELS)).sort()).toEqual([]);
  });

  it('labels every kind of ledger reference the server posts', () => {
    const kinds = new Set(
      files.flatMap(({ text }) =>
        [...text.matchAll(/reference:\s*\{\s*type:\s*'([a-z_]+)'/g)].map((m) => m[1]!),
      ),
    );
    expect(kinds).toContain('game_transfer');
    expect(kinds).toContain('lottery_transfer');
    expect([...kinds].filter((k) => !(k in LEDGER_REFERENCE_LABELS)).sort()).toEqual([]);
  });

  it('labels every ledger type, wallet, registration source and game platform', () => {
    for (const type of LEDGER_TYPE_KEYS) expect(LEDGER_TYPE_LABELS[type]).toMatch(/[\u4e00-\u9fa5]/);
    expect(WALLET_KINDS.map(walletLabel)).toEqual(['主钱包', '冻结钱包', '彩票钱包']);

    const table = read('modules/accounts/accounts.table.ts');
    const sources = /registerType: text\('register_type', \{\s*enum: \[([^\]]+)\]/.exec(table)?.[1];
    expect(sources).toBeDefined();
    const codes = [...sources!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
    expect(codes).toContain('plain');
    expect(codes.filter((c) => !(c in REGISTER_SOURCE_LABELS))).toEqual([]);
    expect(registerSourceLabel('plain')).toBe('账号注册');

    const catalog = read('modules/games/provider/catalog.ts');
    const platforms = [...catalog.matchAll(/\{ code: '([a-z0-9_]+)', name: '([^']+)'/g)];
    expect(platforms.length).toBeGreaterThan(0);
    for (const [, code, name] of platforms) expect(GAME_PLATFORM_LABELS[code!]).toBe(name);
    const provider = /readonly code = '([a-z0-9_]+)'/.exec(read('modules/games/simulator.ts'))?.[1];
    expect(GAME_PLATFORM_LABELS[provider!]).toBeDefined();
    expect(walletLabel('game:jcdz')).toBe('游戏钱包（金彩电子）');
    expect(walletLabel('game:other')).toBe('游戏钱包（other）');
  });
});

describe('describeReference', () => {
  it('names a ledger reference with its number and the page it opens', () => {
    expect(describeReference('withdrawal:1')).toEqual({
      type: 'withdrawal',
      text: '提现单 #1',
      target: { page: 'withdrawal', id: 1 },
    });
    expect(describeReference('lottery_chase:C26113005063100000001')).toEqual({
      type: 'lottery_chase',
      text: '追号单 C26113005063100000001',
      target: { page: 'member_records', tab: 'lottery' },
    });
    expect(describeReference('payment_order:6')).toMatchObject({
      text: '充值订单 #6',
      target: { page: 'deposit', id: 6 },
    });
    expect(describeReference('game_transfer:gt_01JABC')).toMatchObject({
      text: '游戏转账 gt_01JABC',
      target: { page: 'member_records', tab: 'games' },
    });
    expect(describeReference('order:S20261120000123')?.text).toBe('竞彩注单 S20261120000123');
    expect(describeReference('order:S20261120000123+2')?.text).toBe('竞彩注单 S20261120000123 等3笔');
    expect(describeReference('lottery_bet:L2026112000001')?.text).toBe('彩票注单 L2026112000001');
    expect(describeReference('lottery_period:k3_5m:20261120-100')).toMatchObject({
      text: '五分快3 第20261120-100期 派奖',
      target: { page: 'lottery_period', code: 'k3_5m', number: '20261120-100' },
    });
    expect(describeReference('manual_adjustment:31')).toMatchObject({
      text: '人工调整 #31',
      target: { page: 'adjustments', id: 31 },
    });
    expect(describeReference('bonus:vip-upgrade:7:3')?.text).toBe('VIP3 晋级礼金');
    expect(describeReference('bonus:seed:demo002')?.text).toBe('演示账户体验金');
    expect(describeReference('bonus:invite:deposit:12:1')).toMatchObject({
      text: '邀请充值奖励（被邀请会员 #12，第1档）',
      target: { page: 'member', id: 12 },
    });
    expect(describeReference('lottery_auto_transfer:7-1700000000000')?.text).toBe('投注自动转入彩票钱包');
    expect(describeReference(null)).toBeNull();
    // An unknown kind keeps its text.
    expect(describeReference('mystery:9')?.text).toBe('mystery:9');
  });

  it('names an audit object', () => {
    expect(describeAuditTarget('withdrawal', '5')).toMatchObject({ text: '提现单 #5' });
    expect(describeAuditTarget('settings', 'finance_settings').text).toBe('财务设置');
    expect(describeAuditTarget('book_cap', 'sport:football').text).toBe('负债上限（运动 足球）');
  });
});

describe('auditDetailRows', () => {
  it('turns a void’s before → after into labelled words, never JSON', () => {
    const rows = auditDetailRows(
      {
        before: { result: null },
        after: { result: { status: 'void' } },
        orders: 1,
        refund_amount: '1600.00',
      },
      { action: 'sports.void', targetType: 'match' },
    );
    expect(rows).toEqual([
      {
        key: 'result',
        label: '赛果',
        change: { before: '未出赛果', after: '作废', created: false },
        value: null,
      },
      { key: 'orders', label: '涉及注单', change: null, value: '1' },
      { key: 'refund_amount', label: '退款金额（元）', change: null, value: '1,600.00' },
    ]);
  });

  it('reads statuses by the object, flags by the member, and leaves unchanged fields and unknown keys as they are', () => {
    const withdrawal = auditDetailRows(
      { before: { status: 'pending' }, after: { status: 'approved' }, amount: '200.00' },
      { action: 'withdrawal.review', targetType: 'withdrawal' },
    );
    expect(withdrawal[0]).toMatchObject({ label: '状态', change: { before: '审核中', after: '待出款' } });
    const flag = auditDetailRows(
      { before: { is_black: 0 }, after: { is_black: 1 }, sessions_revoked: 2 },
      { action: 'member.flag.is_black', targetType: 'member' },
    );
    expect(flag[0]).toMatchObject({ label: '黑名单', change: { before: '否', after: '是' } });
    const operator = auditDetailRows(
      {
        before: { name: '甲', role: 'support', enabled: true },
        after: { name: '甲', role: 'risk', enabled: true },
      },
      { targetType: 'operator' },
    );
    expect(operator).toEqual([
      { key: 'role', label: '角色', change: { before: '客服', after: '风控', created: false }, value: null },
    ]);
    expect(auditDetailRows({ brand_new_key: 'x' })).toEqual([
      { key: 'brand_new_key', label: null, change: null, value: 'x' },
    ]);
  });

  it('shows a scalar cap as its field and a control change’s object and kind in words', () => {
    expect(
      auditDetailRows(
        { scope: 'sport', key: 'football', before: null, after: '50000.00' },
        { action: 'sports.book_cap.save', targetType: 'book_cap' },
      ),
    ).toEqual([
      {
        key: 'max_liability',
        label: '单一结果最高负债（元）',
        change: { before: '无', after: '50,000.00', created: false },
        value: null,
      },
      { key: 'scope', label: '范围', change: null, value: '运动' },
      { key: 'key', label: '对象', change: null, value: '足球' },
    ]);
    expect(valueText('target', 'withdrawal:9')).toBe('提现单 #9');
    expect(valueText('kind', 'withdrawal.pay')).toBe('提现出款（超出单人额度）');
    expect(valueText('tags', ['新户', 'VIP'])).toBe('新户、VIP');
    expect(valueText('payment_methods', [{ code: 'alipay', enabled: false }])).toBe('支付宝：启用 停用');
  });
});
