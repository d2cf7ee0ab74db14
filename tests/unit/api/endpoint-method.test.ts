import { describe, expect, it } from 'vitest';
import { ENDPOINT_METHOD, PATH } from '../../../web/api/contract.ts';

describe('the HTTP method of every call (SPEC §7)', () => {
  it('gives every path a method, and only these nine are GET', () => {
    expect(Object.keys(ENDPOINT_METHOD).sort()).toEqual(Object.values(PATH).sort());
    const gets = Object.entries(ENDPOINT_METHOD)
      .filter(([, m]) => m === 'GET')
      .map(([p]) => p)
      .sort();
    expect(gets).toEqual(
      [PATH.gameList, PATH.playedList, PATH.homeList, PATH.inviteInfo, PATH.memberCardList, PATH.productList, PATH.orderStatus, PATH.downurl, PATH.generateToken].sort(),
    );
    expect(Object.values(ENDPOINT_METHOD).every((m) => m === 'GET' || m === 'POST')).toBe(true);
  });
});
