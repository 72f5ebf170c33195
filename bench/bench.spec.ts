import { test } from '@playwright/test';
import { runBenchmark } from './run.ts';

test('benchmark: ours against EnokiFlow', async ({ browser }) => {
  await runBenchmark(browser);
});
