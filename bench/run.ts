/**
 * The benchmark's measurements: our app against the closest existing implementation
 * (EnokiFlow, in bench/peer/), both production builds, driven alike by Playwright in
 * Chromium against the same mock identity provider and login service. Alternating A/B runs
 * after a warm-up; medians; ratios ours/peer. A benchmark, not a test: it never fails on a
 * slow machine, and CI does not run it. The servers are started by Playwright's webServer
 * (bench/playwright.config.ts); `npm run bench -- --runs 7 --latency 100 --proof-delay 0
 * --cycles 1000 [--skip-build]` sets what is measured.
 */
import type { Browser, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { countEntries, readStoredData } from '../e2e/browser-storage.ts';
import { installProbe, type ProbeMark } from './probe.ts';
import { writeReport, type BenchResult } from './report.ts';
import { APPS, BUILT_IN_URL, MOCK, SETTINGS, type App } from './settings.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One page with the probe; marks arrive as they happen. */
async function openPage(browser: Browser, app: App | 'builtIn') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const marks: ProbeMark[] = [];
  const waiters = new Set<() => void>();
  await page.exposeBinding('__benchReport', (_, mark: ProbeMark) => {
    marks.push(mark);
    waiters.forEach((wake) => wake());
  });
  await page.addInitScript(installProbe);
  if (app === 'peer') await redirectProvidersToMock(page);
  /** The first mark `name` after index `after`, as soon as the page reports it. */
  const waitMark = (name: string, after = 0, timeout = 20_000) =>
    new Promise<ProbeMark>((resolve, reject) => {
      const check = () => {
        const found = marks.slice(after).find((mark) => mark.name === name);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no "${name}" mark on ${app}`));
      }, timeout);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return { context, page, marks, waitMark };
}

/**
 * EnokiFlow hard-codes the providers' URLs: answer those navigations with a redirect to
 * the mock provider, through Chromium's own interception (page.route would answer CORS
 * preflights itself and hide real ones).
 */
async function redirectProvidersToMock(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const providers: Record<string, string> = {
    'accounts.google.com': 'google',
    'www.facebook.com': 'facebook',
    'id.twitch.tv': 'twitch',
  };
  cdp.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    const url = new URL(event.request.url);
    const location = `${MOCK}/idp/${providers[url.host]}/authorize${url.search}`;
    void cdp.send('Fetch.fulfillRequest', {
      requestId: event.requestId,
      responseCode: 302,
      responseHeaders: [{ name: 'Location', value: location }],
    });
  });
  await cdp.send('Fetch.enable', { patterns: Object.keys(providers).map((host) => ({ urlPattern: `https://${host}/*` })) });
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

async function clickButton(page: Page, name: string, hoverFirstMs = 0) {
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  if (hoverFirstMs) await page.waitForTimeout(hoverFirstMs);
  await page.mouse.down();
  await page.mouse.up();
}

interface Journey {
  firstLoad: number;
  clickPlain: number;
  clickAfterHover: number;
  callback: number;
  proof: number;
  reload: number;
  signOut: number;
  firstLoadScripts: { url: string; raw: number; gzip: number }[];
}

async function journey(browser: Browser, app: App): Promise<Journey> {
  const { context, page, marks, waitMark } = await openPage(browser, app);
  const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    }
  };
  page.on('response', onResponse);
  try {
    await page.goto(APPS[app].url);
    const firstLoad = (await waitMark('usable')).at;
    // First-load JS is what the page needed to become usable; what it prefetches while
    // idle afterwards is counted in "all JS" only.
    page.off('response', onResponse);
    await page.waitForLoadState('networkidle');

    // Plain click: straight onto the button.
    let from = marks.length;
    await page.mouse.move(0, 0);
    const box = (await page.getByRole('button', { name: 'Sign in with Google' }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const clickPlain = (await waitMark('navigate', from)).at - (await waitMark('click:Sign in with Google', from)).at;
    await page.waitForURL(/\/idp\/google\/authorize/);

    // A person's click: 300 ms of hover first.
    await page.goto(APPS[app].url);
    await waitMark('usable', marks.length - 1);
    from = marks.length;
    await clickButton(page, 'Sign in with Google', 300);
    const clickAfterHover = (await waitMark('navigate', from)).at - (await waitMark('click:Sign in with Google', from)).at;
    await page.waitForURL(/\/idp\/google\/authorize/);

    // The provider answers: load the page with the callback fragment.
    const callbackUrl = await callbackFrom(page.url());
    from = marks.length;
    await page.goto(callbackUrl);
    const callback = (await waitMark('signed-in', from)).at;

    from = marks.length;
    await page.evaluate(() => (window as unknown as { __benchArm: (n: string) => void }).__benchArm('ready'));
    await clickButton(page, 'Create proof');
    const proof = (await waitMark('ready', from)).at - (await waitMark('click:Create proof', from)).at;

    from = marks.length;
    await page.reload();
    const reload = (await waitMark('signed-in', from)).at;

    from = marks.length;
    await page.evaluate(() => (window as unknown as { __benchArm: (n: string) => void }).__benchArm('cleared'));
    await clickButton(page, 'Sign out');
    const signOut = (await waitMark('cleared', from)).at - (await waitMark('click:Sign out', from)).at;
    return {
      firstLoad,
      clickPlain,
      clickAfterHover,
      callback,
      proof,
      reload,
      signOut,
      firstLoadScripts: await Promise.all(scripts),
    };
  } finally {
    await context.close();
  }
}

/** Heap and storage after many sign-in/sign-out cycles in one tab (built-in mode, no latency). */
async function cycles(browser: Browser, total: number) {
  const { context, page, marks, waitMark } = await openPage(browser, 'builtIn');
  const cdp = await context.newCDPSession(page);
  // Stop the navigation to the provider and deliver its answer as a fragment change, so
  // that the tab (and its heap) lives through every cycle.
  let nextAuthorizeUrl: (url: string) => void = () => {};
  await page.route('**/__mock/idp/*/authorize?*', (route) => {
    nextAuthorizeUrl(route.request().url());
    return route.abort('aborted');
  });
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const storageEntries = countEntries(await readStoredData(page));
    return { heapBytes: usedSize, storageEntries };
  };
  const results: Record<number, { heapBytes: number; storageEntries: number }> = {};
  try {
    await page.goto(BUILT_IN_URL);
    await waitMark('usable');
    for (let cycle = 1; cycle <= total; cycle++) {
      const authorizeUrl = new Promise<string>((resolve) => (nextAuthorizeUrl = resolve));
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      const fragment = (await callbackFrom(await authorizeUrl)).split('#')[1]!;
      const from = marks.length;
      await page.evaluate((hash) => {
        (window as unknown as { __benchArm: (n: string) => void }).__benchArm('signed-in');
        window.location.hash = hash;
      }, fragment);
      await waitMark('signed-in', from);
      await page.evaluate(() => (window as unknown as { __benchArm: (n: string) => void }).__benchArm('cleared'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await waitMark('cleared', from);
      if (cycle === 10 || cycle === total) results[cycle] = await measure();
      if (cycle % 100 === 0) process.stdout.write(`  cycles: ${cycle}/${total}\n`);
    }
    return { after10: results[10]!, afterAll: results[total]!, total };
  } finally {
    await context.close();
  }
}

function jsOnDisk(dist: string) {
  const dir = join(dist, 'assets');
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  return files.reduce(
    (sum, file) => {
      const body = readFileSync(join(dir, file));
      return { raw: sum.raw + body.length, gzip: sum.gzip + gzipSync(body, { level: 9 }).length };
    },
    { raw: 0, gzip: 0 },
  );
}

/** Runs every measurement against the servers Playwright started, and writes the report. */
export async function runBenchmark(browser: Browser) {
  console.log('Warm-up…');
  await journey(browser, 'ours');
  await journey(browser, 'peer');
  const runs: Record<App, Journey[]> = { ours: [], peer: [] };
  for (let i = 0; i < SETTINGS.runs; i++) {
    // Alternate which app goes first, so that drift in the machine hits both alike.
    const order: App[] = i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    for (const app of order) runs[app].push(await journey(browser, app));
    console.log(`  run ${i + 1}/${SETTINGS.runs}`);
  }
  const encryption = await (async () => {
    const { context, page } = await openPage(browser, 'peer');
    await page.goto(APPS.peer.url);
    const result = await page.evaluate(() =>
      (window as unknown as { __measureEncryption: (n: number) => Promise<unknown> }).__measureEncryption(7),
    );
    await context.close();
    return result as BenchResult['encryption'];
  })();
  console.log(`Cycles (${SETTINGS.cycles})…`);
  const cycleResult = await cycles(browser, SETTINGS.cycles);
  const version = browser.version();
  const steps = ['firstLoad', 'clickAfterHover', 'clickPlain', 'callback', 'proof', 'reload', 'signOut'] as const;
  const medians = Object.fromEntries(
    (['ours', 'peer'] as App[]).map((app) => [
      app,
      Object.fromEntries(steps.map((step) => [step, median(runs[app].map((r) => r[step]))])),
    ]),
  ) as BenchResult['medians'];
  const firstLoadJs = Object.fromEntries(
    (['ours', 'peer'] as App[]).map((app) => {
      const scripts = runs[app][0]!.firstLoadScripts;
      return [
        app,
        { raw: scripts.reduce((s, x) => s + x.raw, 0), gzip: scripts.reduce((s, x) => s + x.gzip, 0), files: scripts.length },
      ];
    }),
  ) as BenchResult['firstLoadJs'];
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      chromium: version,
    },
    settings: {
      runs: SETTINGS.runs,
      latencyMs: SETTINGS.latencyMs,
      proofDelayMs: SETTINGS.proofDelayMs,
      cycles: SETTINGS.cycles,
    },
    medians,
    samples: Object.fromEntries(
      (['ours', 'peer'] as App[]).map((app) => [app, runs[app].map(({ firstLoadScripts: _, ...rest }) => rest)]),
    ) as BenchResult['samples'],
    firstLoadJs,
    allJs: { ours: jsOnDisk(APPS.ours.dist), peer: jsOnDisk(APPS.peer.dist) },
    encryption,
    cycles: cycleResult,
  };
  const table = writeReport(result);
  console.log(`\n${table}`);
}
