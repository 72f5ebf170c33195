/**
 * The wallet section (issue 43): a dApp's requests through the hosted wallet's window
 * against the same requests to the wallet embedded in the dApp's page, on the same
 * example dApp (dapp.html), both from our real-mode build, served alike
 * (bench/static-server.ts) against the same mock server (bench/settings.ts, HOSTED). A page
 * script makes the requests through the Wallet Standard and the visitor answers with real
 * Playwright clicks; every figure is taken from marks in the pages (bench/wallet-probe.ts).
 *
 * Each journey signs in first (not timed): hosted, in the wallet's window at the dApp's
 * first connect, through the mock provider's "Continue as Alice" in a window of its own;
 * embedded, through the dApp's connect, which takes the page to the provider and back
 * (redirect mode). Then a first message is signed and approved (not timed): the proof is
 * made and the dialog's code loaded, in both modes, so that the timed request that follows
 * measures the request itself. The provider's addresses are answered by a route on the
 * browser context during the sign-in only, and unrouted before anything is timed.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { collectMarks } from './marks.ts';
import type { ClientSize, EmbeddedSample, HostedSample } from './report.ts';
import { HOSTED, MOCK, PROVIDER_HOSTS } from './settings.ts';
import { BENCH_MESSAGE, installWalletProbe, type WalletAnswer, type WalletAsk, type WalletMark } from './wallet-probe.ts';

const WALLET = 'Sign in with Google';

/** The providers' addresses, answered with the mock provider's pages and answers, for the sign-in only. */
async function answerProvidersForSignIn(context: BrowserContext) {
  await context.route(
    (url) => url.protocol === 'https:' && url.host in PROVIDER_HOSTS,
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const response = await fetch(`${MOCK}/idp/${PROVIDER_HOSTS[url.host]}/authorize${url.search}`, {
        method: request.method(),
        headers: { 'Content-Type': (await request.headerValue('content-type')) ?? 'text/plain' },
        body: request.method() === 'POST' ? (request.postData() ?? '') : undefined,
        redirect: 'manual',
      });
      // fetch has decoded the body: the headers about its transfer no longer apply.
      const headers = Object.fromEntries(
        [...response.headers].filter(
          ([name]) => !/^(content-encoding|content-length|transfer-encoding|connection|keep-alive)$/i.test(name),
        ),
      );
      await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
    },
  );
}

/** A context whose every page (and window) carries the wallet probe; its marks, as they come. */
async function openContext(browser: Browser, label: string) {
  const context = await browser.newContext();
  const { marks, waitMark } = await collectMarks<WalletMark>(context, label);
  await context.addInitScript(installWalletProbe);
  await answerProvidersForSignIn(context);
  const page = await context.newPage();
  return { context, page, marks, waitMark };
}

/** One request of the dApp's page through the Wallet Standard (bench/wallet-probe.ts). */
const ask = (page: Page, what: WalletAsk) =>
  page.evaluate(
    ([name, what, message]) =>
      (window as unknown as { __benchAsk: (n: string, a: string, m: string) => Promise<WalletAnswer> }).__benchAsk(
        name,
        what,
        message,
      ),
    [WALLET, what, BENCH_MESSAGE] as const,
  );

const succeeded = async (answer: Promise<WalletAnswer>, what: string) => {
  const result = await answer;
  if (!result.ok) throw new Error(`bench: the dApp's ${what} failed: ${result.error}`);
  return result;
};

/** Until the dApp's page has the wallet, with at least `accounts` accounts. */
const walletReady = (page: Page, accounts = 0) =>
  page.waitForFunction(
    ([name, least]) =>
      ((window as unknown as { __benchAccounts: (n: string) => number | null }).__benchAccounts(name) ?? -1) >= least,
    [WALLET, accounts] as const,
  );

type Marks = Awaited<ReturnType<typeof openContext>>;

/**
 * The visitor approves, with a real Playwright click, as soon as Approve is enabled: once the
 * page has said so (its mark), so that the driver's polling adds nothing.
 */
async function approveWhenEnabled(where: Page, { waitMark }: Marks, from: number) {
  await waitMark('approve-enabled', from);
  await where
    .getByRole('dialog', { name: /^Approve/ })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
}

/** A request the visitor approves in `where` (a window it opens, or the page itself), and its timings from the marks. */
async function approvedRequest(page: Page, marks: Marks, what: 'connect' | 'signPersonalMessage', inWindow: boolean) {
  const from = marks.marks.length;
  const opened = inWindow ? page.waitForEvent('popup') : null;
  const answer = succeeded(ask(page, what), what);
  const window = opened ? await opened : page;
  const closed = opened ? window.waitForEvent('close') : null;
  await approveWhenEnabled(window, marks, from);
  await answer;
  // The dApp closes the wallet's window once answered.
  await closed;
  const names = [
    'request',
    'approval-shown',
    'approve-enabled',
    'click:Approve',
    'answer',
    ...(inWindow ? ['answer-message'] : []),
  ];
  const [request, shown, enabled, click, answered, message] = await Promise.all(names.map((name) => marks.waitMark(name, from)));
  return {
    requestToShown: shown!.at - request!.at,
    /** In the window: its page's own part, from its navigation's start. */
    windowPageToShown: shown!.sinceNavigation,
    shownToEnabled: enabled!.at - shown!.at,
    approveToAnswer: answered!.at - click!.at,
    /** In the window: from the click to the answer's message at the dApp's page. */
    approveToMessage: message ? message.at - click!.at : NaN,
    requestToAnswer: answered!.at - request!.at,
  };
}

/** The hosted wallet: the dApp on one site, the wallet's window on another. */
export async function hostedJourney(browser: Browser): Promise<HostedSample> {
  const marks = await openContext(browser, 'the hosted dApp');
  const { context, page } = marks;
  try {
    await page.goto(HOSTED.dappUrl);
    await walletReady(page);
    await page.waitForLoadState('networkidle');

    // The first connect: the visitor signs in at the wallet, in its window (and the provider's window), and approves.
    const from = marks.marks.length;
    const opened = page.waitForEvent('popup');
    const connected = succeeded(ask(page, 'connect'), 'first connect');
    const window = await opened;
    const closed = window.waitForEvent('close');
    const provider = window.waitForEvent('popup');
    await window.getByRole('button', { name: WALLET }).click();
    await (await provider).getByRole('button', { name: /Continue as Alice/ }).click();
    await approveWhenEnabled(window, marks, from);
    await connected;
    await closed;
    await context.unrouteAll({ behavior: 'wait' });
    await page.waitForLoadState('networkidle');

    // Timed: a connect while signed in at the wallet.
    const connect = await approvedRequest(page, marks, 'connect', true);
    // Not timed: the first signature (the proof), then the timed one.
    await approvedRequest(page, marks, 'signPersonalMessage', true);
    const sign = await approvedRequest(page, marks, 'signPersonalMessage', true);
    return {
      connect: connect.requestToAnswer,
      connectShown: connect.requestToShown,
      connectApprove: connect.approveToAnswer,
      requestShown: sign.requestToShown,
      windowPage: sign.windowPageToShown,
      armed: sign.shownToEnabled,
      approveAnswer: sign.approveToAnswer,
      approveMessage: sign.approveToMessage,
    };
  } finally {
    await context.close();
  }
}

/** The wallet embedded in the same example dApp's page (ours' build, without VITE_WALLET_URL). */
export async function embeddedJourney(browser: Browser): Promise<EmbeddedSample> {
  const marks = await openContext(browser, 'the embedded dApp');
  const { context, page } = marks;
  try {
    await page.goto(HOSTED.embeddedDappUrl);
    await walletReady(page);
    await page.waitForLoadState('networkidle');

    // The sign-in, through the dApp's connect: the page goes to the provider and comes back.
    void ask(page, 'connect').catch(() => {});
    await page.getByRole('button', { name: /Continue as Alice/ }).click();
    await page.waitForURL((url) => url.origin + url.pathname === HOSTED.embeddedDappUrl);
    await walletReady(page, 1);
    await succeeded(ask(page, 'silent-connect'), 'silent connect');
    await context.unrouteAll({ behavior: 'wait' });
    await page.waitForLoadState('networkidle');

    // Not timed: the first signature (the proof, the dialog's code), then the timed one.
    await approvedRequest(page, marks, 'signPersonalMessage', false);
    const sign = await approvedRequest(page, marks, 'signPersonalMessage', false);
    return { requestShown: sign.requestToShown, armed: sign.shownToEnabled, approveAnswer: sign.approveToAnswer };
  } finally {
    await context.close();
  }
}

/**
 * The hosted client's bytes: the package's main entry (its hosted client) bundled by the
 * project's Vite (rolldown) as a dApp's production build bundles it, minified in full (an
 * app build, not a library build: Vite leaves the whitespace of a library's ES output
 * unminified, which this figure measured until 2026-11-27), gzip level 9, with its
 * dependencies (valibot) and without its peer @mysten/wallet-standard, which a dApp already
 * has from its wallet kit (dapp-kit is built on it); and with the peer too. Not the dApp
 * page's own files: there the client shares chunks with dapp-kit, React and the dApp, and no
 * file is the client alone.
 */
export async function hostedClientSize(): Promise<ClientSize> {
  const bundle = async (external: string[]) => {
    const result = await build({
      configFile: false,
      root: fileURLToPath(new URL('..', import.meta.url)),
      logLevel: 'warn',
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        modulePreload: false,
        rolldownOptions: {
          input: 'packages/sui-zklogin-wallet/src/hosted/register.ts',
          // The entry's exports are the client's API: kept, as a dApp that imports them keeps them.
          preserveEntrySignatures: 'strict',
          external,
        },
      },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const code = output.output
      .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
      .map((chunk) => chunk.code)
      .join('');
    return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
  };
  return { ...(await bundle(['@mysten/wallet-standard'])), withPeer: await bundle([]) };
}
