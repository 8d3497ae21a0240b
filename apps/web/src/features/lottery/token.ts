import { api } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { patchUserInfo, useSessionStore } from '../session/store.ts';
import { createLotteryTokenCheck } from './token-check.ts';

/** The app's lottery token check: the session's token, POST /v1/update-lottery-token. */
export const ensureLotteryToken = createLotteryTokenCheck({
  current: () => useSessionStore.getState().userinfo?.lottery_token,
  requestUpdate: async () => {
    try {
      const data = await api.post('/v1/update-lottery-token', undefined, {
        toast: false,
        light: true,
      });
      return { code: 200, token: data.lottery_token };
    } catch (err) {
      if (err instanceof ApiError && err.code === 202) return { code: 202, token: null };
      throw err;
    }
  },
  store: (token) => patchUserInfo({ lottery_token: token }),
});
