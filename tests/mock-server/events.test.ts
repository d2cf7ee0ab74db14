import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type EventReportResponse } from '../../web/api/contract.ts';
import { contentState } from '../../mock-server/content/state.ts';
import { call, login, T0, type Started, useApp } from './helpers.ts';
import { json } from './control-helpers.ts';

let s: Started;
useApp((started) => (s = started));

const report = (data: Record<string, string | number | null>, token?: string, contentType?: string, rawBody?: string) =>
  call<EventReportResponse>(s.port, PATH.eventReport, { data, token, contentType, rawBody });

describe('api/event_report', () => {
  it('accepts an event from a visitor and records it', async () => {
    const r = await call<EventReportResponse>(s.port, PATH.eventReport, { rawBody: JSON.stringify({ event: 'page_view', data: { page: '/', ms: 120 } }) });
    expect(r.envelope).toEqual({ code: 1, msg: 'Recorded', data: { id: 1, received_at: T0 } });
    expect(contentState(s.app.sessions.get(undefined)).events).toEqual([{ id: 1, event: 'page_view', data: { page: '/', ms: 120 }, uid: null, atMs: T0 }]);
  });

  it('records the user with a valid token, text data from a form body, and no data at all', async () => {
    const u = await login(s.port, '13800000001');
    s.clock.advance(5000);
    expect((await report({ event: 'game.start' }, u.gly_token)).envelope.data.id).toBe(1);
    const form = await report({}, undefined, 'application/x-www-form-urlencoded', 'event=share&data=%7B%22to%22%3A%22wechat%22%7D');
    expect(form.envelope.code).toBe(BODY_CODE.success);
    expect(contentState(s.app.sessions.get(undefined)).events.map((e) => [e.event, e.data, e.uid, e.atMs])).toEqual([
      ['game.start', null, u.swcloud_uid, T0 + 5000],
      ['share', '{"to":"wechat"}', null, T0 + 5000],
    ]);
  });

  it('an expired token does not block a report', async () => {
    expect((await report({ event: 'app_open' }, 'f'.repeat(48))).envelope.code).toBe(BODY_CODE.success);
  });

  it.each([
    [{}, 'Missing field "event"'],
    [{ event: 'has space' }, 'Field "event" must be 1 to 64 letters'],
    [{ event: 'x'.repeat(65) }, 'Field "event" must be 1 to 64'],
    [{ event: 'ok', data: 5 }, 'Field "data" must be an object or a string, got number'],
  ])('bad input %j answers 40000 naming the field', async (data, msg) => {
    const r = await report(data);
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain(msg);
  });

  it('an array as data is refused too', async () => {
    const r = await call(s.port, PATH.eventReport, { rawBody: JSON.stringify({ event: 'x', data: [1, 2] }) });
    expect(r.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Field "data" must be an object or a string, got an array' });
  });
});

describe('GET /__mock/events (docs/qa-guide.md "Field vitals")', () => {
  it('reads the reported events whole, by name and newest last, however long their data', async () => {
    const metrics = Array.from({ length: 8 }, (_, i) => ({ name: 'CLS', value: i / 100, delta: 0.01, rating: 'good', id: `v6-${i}`, navigationType: 'navigate', page: '/' }));
    await call(s.port, PATH.eventReport, { rawBody: JSON.stringify({ event: 'web_vitals', data: { metrics } }) });
    await call(s.port, PATH.eventReport, { rawBody: JSON.stringify({ event: 'page_view', data: { page: '/' } }) });
    await call(s.port, PATH.eventReport, { rawBody: JSON.stringify({ event: 'web_vitals', data: { metrics: metrics.slice(0, 1) } }) });
    const all = await json<{ events: Array<{ event: string; data: { metrics?: unknown[] } }> }>(s.port, 'GET', '/__mock/events');
    expect(all.body.events.map((e) => e.event)).toEqual(['web_vitals', 'page_view', 'web_vitals']);
    const vitals = await json<{ events: Array<{ event: string; data: { metrics: unknown[] } }> }>(s.port, 'GET', '/__mock/events?event=web_vitals');
    expect(vitals.body.events.map((e) => e.data.metrics.length)).toEqual([8, 1]);
    expect(vitals.body.events[0]?.data.metrics).toEqual(metrics);
    const last = await json<{ events: Array<{ id: number }> }>(s.port, 'GET', '/__mock/events?limit=1');
    expect(last.body.events.map((e) => e.id)).toEqual([3]);
    expect((await json(s.port, 'GET', '/__mock/events?limit=0')).status).toBe(400);
  });
});
