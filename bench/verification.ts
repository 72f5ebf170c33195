/**
 * The zkLogin verifier's own time (issue 45, point 5): `verifyZkLoginSignature` in full (the
 * ephemeral signature, the address, the Groth16 pairing in one batch) on the real proof of
 * the package's test vector, in Node (this process) and in Chromium (the same module bundled
 * by rolldown for a browser, minified, served to a page of its own). Each side: the first
 * call (cold: code compiled on first use, as the app's one check per proof runs it), then
 * `runs` calls after it; the median of those.
 */
import type { Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { Ed25519Keypair } from '@mysten/sui/keypairs/ed25519';
import { getZkLoginSignature } from '@mysten/sui/zklogin';
import { build } from 'rolldown';
import { verifyZkLoginSignature, type Jwk, type VerifyOptions } from '../packages/sui-zklogin-wallet/src/verify.ts';
import { median } from './report.ts';

export interface VerificationTimes {
  runs: number;
  node: { first: number; median: number; samples: number[] };
  chromium: { first: number; median: number; samples: number[] };
}

const VECTORS = new URL('../packages/sui-zklogin-wallet/test/zklogin-vectors.json', import.meta.url);
const PAGE_ORIGIN = 'http://verify.bench.localhost';

/** A personal message signed with the vector's ephemeral key and proof; the verifier's options for it. */
async function vectorSignature(): Promise<VerifyOptions> {
  const [vector] = JSON.parse(readFileSync(VECTORS, 'utf8')).vectors;
  const ephemeral = Ed25519Keypair.fromSecretKey(Uint8Array.from(vector.ephemeralSecretKey));
  const personalMessage = new TextEncoder().encode('Sign in to the backend: challenge 42');
  const { signature: userSignature } = await ephemeral.signPersonalMessage(personalMessage);
  const signature = getZkLoginSignature({
    inputs: {
      proofPoints: vector.proofPoints,
      issBase64Details: vector.issBase64Details,
      headerBase64: vector.headerBase64,
      addressSeed: vector.addressSeed,
    },
    maxEpoch: vector.maxEpoch,
    userSignature,
  });
  return { signature, personalMessage, currentEpoch: vector.maxEpoch, jwks: [vector.jwk as Jwk], verifyingKey: 'test' };
}

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
  const options = await vectorSignature();
  return { runs, node: await inNode(options, runs), chromium: await inChromium(browser, options, runs) };
}
