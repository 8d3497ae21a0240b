import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ApiBody, ApiParams, ApiPath, ApiResponse } from './api.ts';
import { memberApi } from './api.ts';
import type { Page } from './common.ts';
import type { UserWalletView, WithdrawView, withdrawPage } from './withdrawals.ts';

describe('memberApi', () => {
  it('names each route METHOD /v1/… and gives every :param a params schema, and only those', () => {
    // SPEC §6 spells two profile calls without /v1; they are the only ones.
    const unversioned = Object.keys(memberApi).filter((route) => !/^\w+ \/v1\//.test(route));
    expect(unversioned.sort()).toEqual(['GET /user/profile', 'POST /user/update']);
    for (const [route, contract] of Object.entries(memberApi)) {
      expect(route).toMatch(/^(GET|POST|PUT|DELETE) (\/v1)?\/[\w\-/:]+$/);
      const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const params = 'params' in contract ? Object.keys((contract.params as z.ZodObject).shape) : [];
      expect(params.sort(), route).toEqual(names.sort());
      if (route.startsWith('GET ')) expect('body' in contract, route).toBe(false);
    }
  });

  it('derives the client types from the schemas', () => {
    expectTypeOf<ApiResponse<'GET', '/v1/user-wallets/:id'>>().toEqualTypeOf<UserWalletView>();
    expectTypeOf<ApiResponse<'GET', '/v1/withdraws'>>().toEqualTypeOf<Page<WithdrawView>>();
    expectTypeOf<z.infer<typeof withdrawPage>>().toEqualTypeOf<Page<WithdrawView>>();
    expectTypeOf<ApiResponse<'DELETE', '/v1/user-wallets/:id'>>().toEqualTypeOf<null>();
    expectTypeOf<ApiResponse<'PUT', '/v1/user-wallets/:id'>>().toEqualTypeOf<UserWalletView>();
    // Coerced path and query values are written as strings or numbers; defaults make them optional.
    expectTypeOf<ApiParams<'GET', '/v1/user-wallets/:id'>>().toEqualTypeOf<{
      id: string | number | boolean;
    }>();
    expectTypeOf<{ page: 2 }>().toExtend<ApiParams<'GET', '/v1/withdraws'>>();
    expectTypeOf<{ status: 'nope' }>().not.toExtend<ApiParams<'GET', '/v1/withdraws'>>();
    // Money goes in as a string or number of 元 (moneyInput's input), not as 分.
    expectTypeOf<ApiBody<'POST', '/v1/withdraws'>>().toEqualTypeOf<{
      wallet_id: string | number | boolean;
      amount: string | number;
      payment_password: string;
    }>();
    expectTypeOf<ApiBody<'GET', '/v1/me'>>().toEqualTypeOf<undefined>();
    expectTypeOf<'/v1/withdraws/:id/cancel'>().toExtend<ApiPath<'POST'>>();
    expectTypeOf<'/v1/withdraws/:id/cancel'>().not.toExtend<ApiPath<'GET'>>();
  });
});
