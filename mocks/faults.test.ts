import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultHandler } from './faults.ts';

const server = setupServer(http.post('*/v1/zklogin/nonce', () => HttpResponse.json({ data: 'ok' })));
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

const statuses = async (count: number) => {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await fetch('http://service.test/v1/zklogin/nonce', { method: 'POST' })).status);
  return seen;
};

describe('faultHandler', () => {
  it.each([1, 2, 3])('injects the fault exactly %i times, then lets the shared handler answer', async (times) => {
    server.use(faultHandler('nonce', 'http-500', times));
    expect(await statuses(times + 2)).toEqual([...Array(times).fill(500), 200, 200]);
    server.resetHandlers();
  });

  it('without a count, until reset', async () => {
    server.use(faultHandler('nonce', 'http-503'));
    expect(await statuses(4)).toEqual([503, 503, 503, 503]);
    server.resetHandlers();
    expect(await statuses(1)).toEqual([200]);
  });
});
