/**
 * The recipe's epoch: read from a full node once per epoch, kept until the epoch's scheduled
 * end, then read again (and again shortly after, while the node still reports the old one).
 * Against the mock node's handlers, with the test's own clock.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MOCK_GENESIS } from '../../mocks/login-service/handlers.ts';
import { createSuiNode } from '../../mocks/sui-node/handlers.ts';
import { epochClock } from './verify-signed-message.ts';

const GRAPHQL = 'https://sui-node.test/graphql';
const EPOCH_MS = 60_000;
let clock = MOCK_GENESIS + 500 * EPOCH_MS + 1_000;
let nodeClock = clock;
const node = createSuiNode({ epochMs: EPOCH_MS, now: () => nodeClock });
const server = setupServer(...node.handlers);
let asked = 0;
server.events.on('request:start', () => void asked++);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

it("reads the node's epoch once, keeps it until the epoch's scheduled end, then reads the next", async () => {
  const currentEpoch = epochClock(GRAPHQL, { now: () => clock, retryMs: 5_000 });
  expect(await currentEpoch()).toBe(500n);
  clock += EPOCH_MS - 1_001;
  expect(await currentEpoch()).toBe(500n);
  expect(asked).toBe(1);

  // The scheduled end has passed, but the node has not changed epoch yet: asked again, the old
  // epoch kept for retryMs only.
  clock += 1;
  expect(await currentEpoch()).toBe(500n);
  expect(asked).toBe(2);
  clock += 4_999;
  expect(await currentEpoch()).toBe(500n);
  expect(asked).toBe(2);
  nodeClock = clock + 1;
  clock += 1;
  expect(await currentEpoch()).toBe(501n);
  expect(asked).toBe(3);
});
