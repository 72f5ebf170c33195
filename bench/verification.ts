/**
 * The zkLogin verifier's own time (issue 45, point 5): `verifyZkLoginSignature` in full (the
 * ephemeral signature, the address, the Groth16 pairing in one batch) on the real proof of
 * the package's test vector, in Node (this process) and in Chromium (the same module bundled
 * by rolldown for a browser, minified, served to a page of its own). Each side: the first
 * call (cold: code compiled on first use, as the app's one check per proof runs it), then
 * `runs` calls after it; the median of those.
 */
import type { Browser } from '@playwright/test';
import { build } from 'rolldown';
import { verifyZkLoginSignature, type VerifyOptions } from '../packages/sui-zklogin-wallet/src/verify.ts';
import { vectorSignature } from '../packages/sui-zklogin-wallet/test/vector-signature.ts';
import { median } from './report.ts';

export interface VerificationTimes {
  runs: number;
  node: { first: number; median: number; samples: number[] };
  chromium: { first: number; median: number; samples: number[] };
}

const PAGE_ORIGIN = 'http://verify.bench.localhost';

const summary = ([first, ...rest]: number[]) => ({ first: first!, median: median(rest), samples: rest });

async function inNode(options: VerifyOptions, runs: number) {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const start = performance.now();
    await verifyZkLoginSignature(options);
    times.push(performance.now() - start);
  }
  return summary(times);
}

async function inChromium(browser: Browser, options: VerifyOptions, runs: number) {
  const bundle = await build({
    input: new URL('./verify-page.ts', import.meta.url).pathname,
    platform: 'browser',
    write: false,
    output: { format: 'esm', minify: true },
  });
  const code = bundle.output[0].code;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(`${PAGE_ORIGIN}/**`, (route) =>
      route.request().url().endsWith('/verify.js')
        ? route.fulfill({ contentType: 'text/javascript', body: code })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><script type="module" src="/verify.js"></script>' }),
    );
    await page.goto(`${PAGE_ORIGIN}/`);
    await page.waitForFunction(() => typeof window.__verifyTimes === 'function');
    // Uint8Array does not survive the trip into the page: handed as a plain array, rebuilt there.
    const times = await page.evaluate(
      ({ options, message, runs }) =>
        window.__verifyTimes({ ...options, personalMessage: new Uint8Array(message) } as VerifyOptions, runs + 1),
      { options: { ...options, personalMessage: undefined }, message: [...options.personalMessage!], runs },
    );
    return summary(times);
  } finally {
    await context.close();
  }
}

export async function verificationTimes(browser: Browser, runs: number): Promise<VerificationTimes> {
  const { options } = await vectorSignature('Sign in to the backend: challenge 42');
  return { runs, node: await inNode(options, runs), chromium: await inChromium(browser, options, runs) };
}
