/**
 * Bet code text (投注号码) ⇄ selection, item count (注数) and amount.
 *
 * Formats (whitespace ignored; full-width ， ｜ ： and 、 accepted):
 *   picks      "3,4,18"  "大,单"  "01,05,07"  "鼠,马"  "通选"
 *   positions  "1:03,07|2:05"   position (1-based) ":" picks, segments joined by "|", any subset of positions
 *   groups     "1,2|3|4,5,6"    one segment per group, in order, every group filled
 * Numbers may be written with or without a leading zero ("3" = "03"); the canonical text
 * (formatSelection) uses the family's width and the options' order.
 */
import type { LotteryPlay, PickField, LotterySelection } from './play-kit.ts';

export type BetCodesError = { ok: false; message: string; code?: string };
export type BetCodesResult =
  { ok: true; selection: LotterySelection; codes: string; itemCount: number } | BetCodesError;
export type ItemCountResult = { ok: true; itemCount: number } | BetCodesError;

/** Longest bet code text accepted. */
export const MAX_BET_CODES_LENGTH = 2_000;

type PicksResult = { ok: true; picks: string[] } | BetCodesError;

const fail = (message: string, code?: string): BetCodesError =>
  code === undefined ? { ok: false, message } : { ok: false, message, code };

function normalise(codes: string): string {
  return codes
    .replace(/[，、]/g, ',')
    .replace(/｜/g, '|')
    .replace(/：/g, ':')
    .replace(/\s+/g, '');
}

function parsePicks(text: string, pickField: PickField, prefix: string): PicksResult {
  const noun = pickField.numeric ? '号码' : '选项';
  if (text === '') return fail(`${prefix}请选择${noun}`);
  const byKey = new Map(pickField.options.map((o) => [o.key, o]));
  const chosen = new Map<string, string>();
  for (const token of text.split(',')) {
    if (token === '') return fail(`${prefix}投注号码格式不正确：有空的号码`);
    let key = token;
    if (pickField.numeric) {
      if (!/^\d{1,2}$/.test(token)) return fail(`${prefix}号码「${token}」无效`, token);
      const width = pickField.options[0]?.key.length ?? 1;
      key = String(Number(token)).padStart(width, '0');
      if (!byKey.has(key)) {
        const first = pickField.options[0]?.key ?? '';
        const last = pickField.options[pickField.options.length - 1]?.key ?? '';
        return fail(`${prefix}号码「${token}」超出范围（${first}-${last}）`, token);
      }
    } else if (!byKey.has(key)) {
      const allowed = pickField.options.map((o) => o.key).join('、');
      return fail(`${prefix}未知选项「${token}」，可选：${allowed}`, token);
    }
    if (chosen.has(key)) return fail(`${prefix}${noun}「${token}」重复`, token);
    chosen.set(key, token);
  }
  for (const [a, b] of pickField.exclusive) {
    if (chosen.has(a) && chosen.has(b)) return fail(`${prefix}「${a}」与「${b}」不能同时投注`, b);
  }
  if (chosen.size < pickField.minPicks) return fail(`${prefix}至少选择${pickField.minPicks}个${noun}`);
  if (chosen.size > pickField.maxPicks) return fail(`${prefix}最多选择${pickField.maxPicks}个${noun}`);
  return { ok: true, picks: pickField.options.filter((o) => chosen.has(o.key)).map((o) => o.key) };
}

type SelectionResult = { ok: true; selection: LotterySelection } | BetCodesError;

function parseSelection(play: LotteryPlay, text: string): SelectionResult {
  const input = play.input;
  switch (input.kind) {
    case 'picks': {
      const parsed = parsePicks(text, input.field, '');
      return parsed.ok ? { ok: true, selection: { kind: 'picks', picks: parsed.picks } } : parsed;
    }
    case 'positions': {
      const positions: Array<{ position: number; picks: string[] }> = [];
      for (const segment of text.split('|')) {
        const match = /^(\d{1,2}):(.*)$/.exec(segment);
        if (!match) return fail(`位置格式不正确：「${segment}」，应为「位置:号码」，如「1:3,5」`, segment);
        const position = Number(match[1]);
        const spec = input.positions.find((p) => p.position === position);
        if (!spec) return fail(`位置「${match[1]}」无效`, match[1]);
        if (positions.some((p) => p.position === position)) return fail(`位置「${match[1]}」重复`, match[1]);
        const parsed = parsePicks(match[2] ?? '', input.field, `${spec.label}：`);
        if (!parsed.ok) return parsed;
        positions.push({ position, picks: parsed.picks });
      }
      positions.sort((a, b) => a.position - b.position);
      return { ok: true, selection: { kind: 'positions', positions } };
    }
    case 'groups': {
      const segments = text.split('|');
      if (segments.length !== input.groups.length) {
        const labels = input.groups.map((g) => g.label).join('|');
        return fail(`须填写${input.groups.length}组号码（${labels}），以「|」分隔`);
      }
      const groups: string[][] = [];
      for (const [i, groupField] of input.groups.entries()) {
        const parsed = parsePicks(segments[i] ?? '', groupField, `${groupField.label}：`);
        if (!parsed.ok) return parsed;
        groups.push(parsed.picks);
      }
      return { ok: true, selection: { kind: 'groups', groups } };
    }
  }
}

/** Canonical bet code text of a selection. */
export function formatSelection(selection: LotterySelection): string {
  switch (selection.kind) {
    case 'picks':
      return selection.picks.join(',');
    case 'positions':
      return selection.positions.map((p) => `${p.position}:${p.picks.join(',')}`).join('|');
    case 'groups':
      return selection.groups.map((g) => g.join(',')).join('|');
  }
}

/**
 * Parses and checks bet codes for a play. On success returns the selection, its canonical text
 * and its item count; otherwise a Chinese message naming the bad code.
 */
export function validateBetCodes(play: LotteryPlay, codes: string): BetCodesResult {
  if (codes.length > MAX_BET_CODES_LENGTH) return fail('投注号码过长');
  const text = normalise(codes);
  if (text === '') return fail('请选择投注号码');
  const parsed = parseSelection(play, text);
  if (!parsed.ok) return parsed;
  const problem = play.check(parsed.selection);
  if (problem) return fail(problem);
  const itemCount = play.countItems(parsed.selection);
  if (itemCount <= 0) return fail('所选号码组成不了有效注数');
  return { ok: true, selection: parsed.selection, codes: formatSelection(parsed.selection), itemCount };
}

/** 注数 of bet codes: e.g. 任选三 with five numbers is C(5,3) = 10. */
export function calculateItemCount(play: LotteryPlay, codes: string): ItemCountResult {
  const result = validateBetCodes(play, codes);
  return result.ok ? { ok: true, itemCount: result.itemCount } : result;
}

/** Unit stake per item in 分: 2元 by default; 角 (0.2元) and 分 (0.02元) modes. */
export const LOTTERY_UNITS_FEN = [200n, 20n, 2n] as const;
export const DEFAULT_UNIT_FEN = 200n;
export const MAX_MULTIPLE = 9_999;

/** Why a multiple or unit is not allowed, or null. */
export function betSizeProblem(multiple: number, unitFen: bigint = DEFAULT_UNIT_FEN): string | null {
  if (!Number.isInteger(multiple) || multiple < 1 || multiple > MAX_MULTIPLE)
    return `倍数须为1-${MAX_MULTIPLE}的整数`;
  if (!LOTTERY_UNITS_FEN.includes(unitFen as (typeof LOTTERY_UNITS_FEN)[number])) return '投注单位不正确';
  return null;
}

/** Amount of a bet in 分: items × unit × multiple. */
export function betAmountFen(
  itemCount: number,
  multiple: number,
  unitFen: bigint = DEFAULT_UNIT_FEN,
): bigint {
  if (!Number.isInteger(itemCount) || itemCount < 0) throw new Error('item count must be a whole number');
  if (!Number.isInteger(multiple) || multiple < 1)
    throw new Error('multiple must be a positive whole number');
  return BigInt(itemCount) * unitFen * BigInt(multiple);
}
