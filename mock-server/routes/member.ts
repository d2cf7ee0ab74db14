/** Membership group: GET pay/member_card_list, the member and quick cards on sale and the member/compare table. */
import { PATH } from '../../web/api/contract.ts';
import { ok } from '../http/envelope.ts';
import { defineRoute, NO_INPUT, type Route } from './route.ts';

export const memberRoutes: Route[] = [
  defineRoute(PATH.memberCardList, NO_INPUT(), (_req, ctx) => {
    const shop = ctx.fixtures.content.shop;
    return ok({ list: shop.cards.map((c) => ({ ...c, benefits: [...c.benefits] })), compare: shop.compare.map((r) => ({ ...r })) });
  }),
];
