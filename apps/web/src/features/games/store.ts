import type { GameDataView } from '@app/shared';
import { create } from 'zustand';
import { onSessionCleared } from '../session/store.ts';

/** Game data by game code, in memory only (local storage holds only userinfo, token, appinfo). */
interface GameDataState {
  byCode: Record<string, GameDataView>;
  put(data: GameDataView): void;
  drop(code: string): void;
}

export const useGameDataStore = create<GameDataState>((set) => ({
  byCode: {},
  put: (data) => set((s) => ({ byCode: { ...s.byCode, [data.game_code]: data } })),
  drop: (code) =>
    set((s) => {
      const next = { ...s.byCode };
      delete next[code];
      return { byCode: next };
    }),
}));

onSessionCleared(() => useGameDataStore.setState({ byCode: {} }));
