import type { SlotSymbol } from './slot-math.ts';

/** What each slot theme draws for the symbols (the math is the same for every theme). */
export const SLOT_THEMES: Record<string, Record<SlotSymbol, [string, string]>> = {
  fruit: {
    seven: ['7', '#e53935'],
    bar: ['BAR', '#6d4c41'],
    bell: ['铃', '#fbc02d'],
    melon: ['瓜', '#43a047'],
    grape: ['葡', '#8e24aa'],
    lemon: ['柠', '#fdd835'],
    cherry: ['樱', '#d81b60'],
  },
  fortune: {
    seven: ['财', '#e53935'],
    bar: ['宝', '#ff8f00'],
    bell: ['福', '#fbc02d'],
    melon: ['禄', '#43a047'],
    grape: ['寿', '#8e24aa'],
    lemon: ['喜', '#f06292'],
    cherry: ['钱', '#ffb300'],
  },
  dragon: {
    seven: ['龙', '#e53935'],
    bar: ['凤', '#ff7043'],
    bell: ['珠', '#fbc02d'],
    melon: ['麟', '#26a69a'],
    grape: ['鼎', '#8d6e63'],
    lemon: ['扇', '#7e57c2'],
    cherry: ['灯', '#ef5350'],
  },
};

/** The symbol as the member sees it in this theme. */
export function symbolName(theme: string, symbol: SlotSymbol): string {
  return (SLOT_THEMES[theme] ?? SLOT_THEMES.fruit!)[symbol][0];
}
