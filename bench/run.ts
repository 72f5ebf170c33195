/**
 * The benchmark's measurements: our app against the closest existing implementation
 * (EnokiFlow, in bench/peer/), both production builds in real mode against the same
 * standalone mock server on another origin, driven alike by Playwright in Chromium, with
 * the providers' real addresses answered alike for both. Every step ends at what the
 * visitor sees, timed in the page. Alternating A/B runs after a warm-up; medians; ratios
 * ours/peer. A benchmark, not a test: it never fails on a slow machine, and CI does not
 * run it. The servers are started by Playwright's webServer (bench/playwright.config.ts);
 * `npm run bench -- --runs 7 --latency 100 --proof-delay 0 --prover-runs 3 --cycles 1000
 * [--skip-build]` sets what is measured.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';
import { countEntries, readStoredData } from '../e2e/browser-storage.ts';
import { installCycleDriver } from './cycle-driver.ts';
import { collectMarks } from './marks.ts';
import { installProbe } from './probe.ts';
import { PROOF_CHECK_MEASURE } from '../packages/sui-zklogin-wallet/src/zklogin/proof-check.ts';
import { verificationTimes } from './verification.ts';
import { embeddedJourney, hostedClientSize, hostedJourney } from './hosted.ts';
import {
  HOSTED_KEYS,
  median,
  PROVER_KEYS,
  STEP_KEYS,
  WALLET_KEYS,
  writeReport,
  type BenchResult,
  type EmbeddedSample,
  type HostedSample,
} from './report.ts';
import { APPS, BUILT_IN_URL, MOCK, PROVER_DELAY_MS, PROVIDER_HOSTS, SETTINGS, type App } from './settings.ts';

/** One page with the probe; marks arrive as they happen, from every document the page shows. */
async function openPage(browser: Browser, app: App | 'builtIn') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { marks, waitMark } = await collectMarks(page, app);
  await page.addInitScript(installProbe);
  return { context, page, marks, waitMark };
}

/**
 * Both apps send the visitor to the real providers' addresses (neither is told where the
 * mock provider is). Chromium's own request interception (CDP Fetch) answers those
 * requests, for both alike, with the mock provider's answers at the provider's own
 * address, as a real provider's page is served: the page itself, and its Continue form's
 * post (the redirect back to the app). (page.route would answer CORS preflights itself
 * and hide real ones.) With --redirect-providers, the rule until bad6fc0: a redirect to
 * the mock provider's own address, a second site, for which the browser starts a second
 * renderer process after the provider's (two launches in a trace, where a real sign-in,
 * whose provider redirects within its own site, has one).
 */
async function answerProvidersWithMock(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const answer = async ({ requestId, request }: PausedRequest) => {
    const url = new URL(request.url);
    const mockUrl = `${MOCK}/idp/${PROVIDER_HOSTS[url.host]}/authorize${url.search}`;
    if (SETTINGS.redirectProviders) {
      await cdp.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: 302,
        responseHeaders: [{ name: 'Location', value: mockUrl }],
      });
      return;
    }
    const response = await fetch(mockUrl, {
      method: request.method,
      headers: request.headers['Content-Type'] ? { 'Content-Type': request.headers['Content-Type'] } : {},
      body: request.method === 'POST' ? postedBody(request) : undefined,
      redirect: 'manual',
    });
    // fetch has decoded the body: the headers about its transfer no longer apply.
    const responseHeaders = [...response.headers]
      .filter(([name]) => !/^(content-encoding|content-length|transfer-encoding|connection|keep-alive)$/i.test(name))
      .map(([name, value]) => ({ name, value }));
    await cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: response.status,
      responseHeaders,
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    });
  };
  cdp.on('Fetch.requestPaused', (event: PausedRequest) => {
    answer(event).catch((error: unknown) => {
      // A journey that cannot reach the provider fails at its next wait, with this said first.
      console.error(`bench: the provider's address ${event.request.url} could not be answered:`, error);
      void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Failed' }).catch(() => {});
    });
  });
  await cdp.send('Fetch.enable', { patterns: Object.keys(PROVIDER_HOSTS).map((host) => ({ urlPattern: `https://${host}/*` })) });
}

interface PausedRequest {
  requestId: string;
  request: {
    url: string;
    method: string;
    headers: Record<string, string>;
    postData?: string;
    postDataEntries?: { bytes?: string }[];
  };
}

/** The body of an intercepted post (the provider's form, URL-encoded text: always sent along). */
function postedBody(request: PausedRequest['request']): string {
  if (request.postDataEntries) {
    return request.postDataEntries.map(({ bytes }) => Buffer.from(bytes ?? '', 'base64').toString('utf8')).join('');
  }
  if (request.postData !== undefined) return request.postData;
  throw new Error('the post reached the interception without its body');
}

/** The provider's answer for a pending authorization request: the callback URL. */
async function callbackFrom(authorizeUrl: string, identity = 'alice'): Promise<string> {
  const url = new URL(authorizeUrl);
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), identity }),
    redirect: 'manual',
  });
  return response.headers.get('location')!;
}

/** A visitor's click: the mouse onto the button, a pause, press and release. */
async function clickAfterHover(page: Page, name: string, hoverMs: number) {
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(hoverMs);
  await page.mouse.down();
  await page.mouse.up();
}

const clicked = (label: string) => (name: string) => name.startsWith(`click:${label}`);
const arm = (page: Page, name: string) =>
  page.evaluate((mark) => (window as unknown as { __benchArm: (n: string) => void }).__benchArm(mark), name);

interface Script {
  url: string;
  gzip: number;
  raw: number;
  /** When the request started, on the browser's clock (as the marks). */
  startedAt: number;
}

/** Every script the page loads, from any document, once per address. */
function recordScripts(page: Page) {
  const scripts = new Map<string, Promise<Script>>();
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || scripts.has(response.url())) return;
    scripts.set(
      response.url(),
      response.body().then((body) => ({
        url: response.url(),
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        startedAt: request.timing().startTime,
      })),
    );
  });
  return async () => Promise.all(scripts.values());
}

interface Journey {
  firstLoad: number;
  clickPlain: number;
  /** Of clickPlain: the provider's own page, from its navigation to its Continue button. */
  providerPage: number;
  continueToSignedIn: number;
  /** Of continueToSignedIn: the app's page, from its navigation to signed in. */
  callbackPage: number;
  proof: number;
  sign: number;
  reload: number;
  signOut: number;
  clickAfterHover: number;
  /** Of proof: the proof's check in the page (its User Timing measure); null for the peer, which has none. */
  proofCheck: number | null;
  scripts: Script[];
  usableAt: number;
}

async function journey(browser: Browser, app: App): Promise<Journey> {
  const { context, page, marks, waitMark } = await openPage(browser, app);
  await answerProvidersWithMock(page);
  const scripts = recordScripts(page);
  try {
    await page.goto(APPS[app].url);
    const usable = await waitMark('usable');
    await page.waitForLoadState('networkidle');

    // A plain Playwright click (it moves the mouse onto the button first), to the
    // provider's page with its Continue button.
    let from = marks.length;
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const shown = await waitMark('provider-shown', from);
    const clickPlain = shown.at - (await waitMark(clicked('Sign in with Google'), from)).at;

    // The visitor continues at the provider, and comes back signed in.
    from = marks.length;
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    const signedIn = await waitMark('signed-in', from);
    const continueToSignedIn = signedIn.at - (await waitMark(clicked('Continue as Alice'), from)).at;
    await page.waitForLoadState('networkidle');

    from = marks.length;
    await arm(page, 'ready');
    await page.getByRole('button', { name: 'Create proof' }).click();
    const proof = (await waitMark('ready', from)).at - (await waitMark(clicked('Create proof'), from)).at;
    const proofCheck = await page.evaluate(
      (name) => performance.getEntriesByName(name).at(-1)?.duration ?? null,
      PROOF_CHECK_MEASURE,
    );

    from = marks.length;
    await arm(page, 'signature');
    await page.getByRole('button', { name: 'Sign message' }).click();
    const sign = (await waitMark('signature', from)).at - (await waitMark(clicked('Sign message'), from)).at;

    from = marks.length;
    await page.reload();
    const reload = (await waitMark('signed-in', from)).sinceNavigation;
    await page.waitForLoadState('networkidle');

    from = marks.length;
    await arm(page, 'cleared');
    await page.getByRole('button', { name: 'Sign out' }).click();
    const signOut = (await waitMark('cleared', from)).at - (await waitMark(clicked('Sign out'), from)).at;

    // A person's click: 300 ms of hover first.
    from = marks.length;
    await clickAfterHover(page, 'Sign in with Google', 300);
    const hovered = (await waitMark('provider-shown', from)).at - (await waitMark(clicked('Sign in with Google'), from)).at;
    return {
      firstLoad: usable.sinceNavigation,
      clickPlain,
      providerPage: shown.sinceNavigation,
      continueToSignedIn,
      callbackPage: signedIn.sinceNavigation,
      proof,
      sign,
      reload,
      signOut,
      clickAfterHover: hovered,
      proofCheck,
      scripts: await scripts(),
      usableAt: usable.at,
    };
  } finally {
    await context.close();
  }
}

interface ProverJourney {
  proof: number;
  firstSignature: number;
}

/** With the realistic prover: from signed in, a visitor who wants a signature at once. */
async function proverJourney(browser: Browser, app: App): Promise<ProverJourney> {
  const { context, page, marks, waitMark } = await openPage(browser, app);
  await answerProvidersWithMock(page);
  try {
    await page.goto(APPS[app].url);
    await waitMark('usable');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await waitMark('provider-shown');
    let from = marks.length;
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    await waitMark('signed-in', from);
    from = marks.length;
    await page.evaluate(() => (window as unknown as { __benchAutopilot: () => void }).__benchAutopilot());
    const signature = await waitMark('signature', from, 60_000);
    const start = await waitMark('autopilot', from);
    const proof = (await waitMark('ready', from)).at - (await waitMark(clicked('Create proof'), from)).at;
    return { proof, firstSignature: signature.at - start.at };
  } finally {
    await context.close();
  }
}

/** Where a heap's bytes are, from a heap snapshot: compiled code, and everything else the page's scripts hold. */
async function heapSnapshotSplit(cdp: CDPSession) {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const [typeAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('self_size')];
  let codeBytes = 0;
  let objectBytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!];
    const size = snapshot.nodes[i + sizeAt]!;
    // 'native' is the browser's own (DOM, DevTools' buffers), outside the V8 heap measured above.
    if (type === 'code') codeBytes += size;
    else if (type !== 'native' && type !== 'synthetic') objectBytes += size;
  }
  return { codeBytes, objectBytes };
}

/**
 * Heap and storage after many sign-in/sign-out cycles in one tab (built-in mode, no
 * latency). The cycles are clicked in the page by bench/cycle-driver.ts, so that the
 * heap holds the app's code and data and not the driver's; the navigation to the provider
 * is stopped and its answer delivered as a fragment change, so that the tab (and its
 * heap) lives through every cycle.
 */
async function cycles(browser: Browser, total: number) {
  const { context, page, waitMark } = await openPage(browser, 'builtIn');
  await page.addInitScript(installCycleDriver);
  const cdp = await context.newCDPSession(page);
  const authorizeUrls: string[] = [];
  let authorizeUrlArrived = () => {};
  await page.route('**/__mock/idp/*/authorize?*', (route) => {
    authorizeUrls.push(route.request().url());
    authorizeUrlArrived();
    return route.abort('aborted');
  });
  await page.exposeBinding('__benchFragment', async () => {
    while (authorizeUrls.length === 0) await new Promise<void>((resolve) => (authorizeUrlArrived = resolve));
    return (await callbackFrom(authorizeUrls.shift()!)).split('#')[1]!;
  });
  type Checkpoint = Awaited<ReturnType<typeof heapSnapshotSplit>> & { heapBytes: number; storageEntries: number };
  const results: Record<number, Checkpoint> = {};
  await page.exposeBinding('__benchCheckpoint', async (_, cycle: number) => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const split = await heapSnapshotSplit(cdp);
    const storageEntries = countEntries(await readStoredData(page));
    results[cycle] = { heapBytes: usedSize, ...split, storageEntries };
    process.stdout.write(`  cycles: ${cycle}/${total}\n`);
  });
  const halfway = Math.floor(total / 2);
  try {
    await page.goto(BUILT_IN_URL);
    await waitMark('usable');
    await page.evaluate(
      ([count, checkpoints]) =>
        (window as unknown as { __benchCycles: (n: number, at: number[]) => Promise<void> }).__benchCycles(count, checkpoints),
      [total, [10, halfway, total]] as [number, number[]],
    );
    // Halfway too: a log that fills to its bound grows early and then stays, a leak keeps growing.
    return { after10: results[10]!, halfway: results[halfway]!, afterAll: results[total]!, total };
  } finally {
    await context.close();
  }
}

const sum = (scripts: Script[]) => ({
  raw: scripts.reduce((total, script) => total + script.raw, 0),
  gzip: scripts.reduce((total, script) => total + script.gzip, 0),
  files: scripts.length,
});

/** The prover's extra delay on the mock server, from now on. */
async function setProofDelay(ms: number) {
  const response = await fetch(`${MOCK}/__control/proof-delay`, { method: 'POST', body: JSON.stringify({ ms }) });
  if (!response.ok) throw new Error(`could not set the proof delay: HTTP ${response.status}`);
}

/** Alternating A/B runs: which app goes first alternates, so drift hits both alike. */
async function alternate<T>(runs: number, measure: (app: App) => Promise<T>, label: string) {
  const results: Record<App, T[]> = { ours: [], peer: [] };
  for (let i = 0; i < runs; i++) {
    const order: App[] = i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    for (const app of order) results[app].push(await measure(app));
    console.log(`  ${label} ${i + 1}/${runs}`);
  }
  return results;
}

function mediansOf<T extends object, K extends keyof T>(runs: Record<App, T[]>, keys: readonly K[]) {
  return Object.fromEntries(
    APP_NAMES.map((app) => [app, Object.fromEntries(keys.map((key) => [key, median(runs[app].map((r) => r[key] as number))]))]),
  ) as Record<App, Record<K, number>>;
}

const APP_NAMES: App[] = ['ours', 'peer'];
/** Calls of the verifier timed on each side, after its first. */
const VERIFICATION_RUNS = 15;

/**
 * The wallet section (bench/hosted.ts): hosted and embedded journeys after a warm-up of
 * each, alternating as the apps' (which mode goes first alternates); medians; the client's bytes.
 */
async function walletSection(browser: Browser, runs: number): Promise<NonNullable<BenchResult['hostedWallet']>> {
  await hostedJourney(browser);
  await embeddedJourney(browser);
  const hosted: HostedSample[] = [];
  const embedded: EmbeddedSample[] = [];
  for (let i = 0; i < runs; i++) {
    for (const mode of i % 2 === 0 ? ['hosted', 'embedded'] : ['embedded', 'hosted']) {
      if (mode === 'hosted') hosted.push(await hostedJourney(browser));
      else embedded.push(await embeddedJourney(browser));
    }
    console.log(`  wallet run ${i + 1}/${runs}`);
  }
  const medians = <K extends string>(samples: Record<K, number>[], keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, median(samples.map((sample) => sample[key]))])) as Record<K, number>;
  return {
    runs,
    medians: { hosted: medians(hosted, HOSTED_KEYS), embedded: medians(embedded, WALLET_KEYS) },
    samples: { hosted, embedded },
    client: await hostedClientSize(),
  };
}

/** Runs every measurement against the servers Playwright started, and writes the report. */
export async function runBenchmark(browser: Browser) {
  console.log('Warm-up…');
  await journey(browser, 'ours');
  await journey(browser, 'peer');
  const runs = await alternate(SETTINGS.runs, (app) => journey(browser, app), 'run');

  await setProofDelay(PROVER_DELAY_MS);
  const proverRuns = await alternate(
    SETTINGS.proverRuns,
    (app) => proverJourney(browser, app),
    `prover run (${PROVER_DELAY_MS} ms)`,
  );
  await setProofDelay(SETTINGS.proofDelayMs);
  console.log('Wallet: hosted and embedded…');
  const hostedWallet = await walletSection(browser, SETTINGS.runs);
  console.log('zkLogin verification: Node and Chromium…');
  const proofChecks = runs.ours.map((run) => run.proofCheck).filter((time) => time !== null);
  const verification = {
    ...(await verificationTimes(browser, VERIFICATION_RUNS)),
    proofCheckInApp: { median: median(proofChecks), samples: proofChecks },
  };

  const encryption = await (async () => {
    const { context, page } = await openPage(browser, 'peer');
    await page.goto(APPS.peer.url);
    const result = await page.evaluate(() =>
      (window as unknown as { __measureEncryption: (n: number) => Promise<unknown> }).__measureEncryption(15),
    );
    await context.close();
    return result as BenchResult['encryption'];
  })();
  console.log(`Cycles (${SETTINGS.cycles})…`);
  const cycleResult = await cycles(browser, SETTINGS.cycles);

  const js = Object.fromEntries(
    APP_NAMES.map((app) => {
      // One journey's scripts: those asked for before the page became usable are its
      // first page; all of them are what a visitor loads over the journey.
      const { scripts, usableAt } = runs[app][0]!;
      return [app, { firstPage: sum(scripts.filter((script) => script.startedAt <= usableAt)), journey: sum(scripts) }];
    }),
  ) as BenchResult['js'];
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const result: BenchResult = {
    date: new Date().toISOString(),
    // Which code the figures belong to: a result from a tree with uncommitted changes says so.
    tree: { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium: browser.version(),
    },
    settings: {
      runs: SETTINGS.runs,
      proverRuns: SETTINGS.proverRuns,
      latencyMs: SETTINGS.latencyMs,
      proofDelayMs: SETTINGS.proofDelayMs,
      proverDelayMs: PROVER_DELAY_MS,
      cycles: SETTINGS.cycles,
      revalidateAssets: SETTINGS.revalidateAssets,
      redirectProviders: SETTINGS.redirectProviders,
    },
    medians: mediansOf(runs, STEP_KEYS),
    samples: Object.fromEntries(
      APP_NAMES.map((app) => [app, runs[app].map(({ scripts: _, usableAt: __, proofCheck: ___, ...rest }) => rest)]),
    ) as BenchResult['samples'],
    prover: { medians: mediansOf(proverRuns, PROVER_KEYS), samples: proverRuns },
    js,
    scripts: Object.fromEntries(
      APP_NAMES.map((app) => [
        app,
        runs[app][0]!.scripts.map(({ url, gzip, raw, startedAt }) => ({
          path: new URL(url).pathname,
          gzip,
          raw,
          firstPage: startedAt <= runs[app][0]!.usableAt,
        })),
      ]),
    ) as BenchResult['scripts'],
    encryption,
    cycles: cycleResult,
    hostedWallet,
    verification,
  };
  const table = writeReport(result);
  console.log(`\n${table}`);
}
