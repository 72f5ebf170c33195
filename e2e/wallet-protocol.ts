/**
 * A dApp's side of the Wallet Standard, for the wallet journeys: a page script that speaks
 * only the standard's window protocol (`wallet-standard:app-ready`,
 * `wallet-standard:register-wallet`), never our modules; calls made through it in the
 * page; and the zkLogin signature checks, done in Node with @mysten/sui's own parsers.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { parseSerializedSignature } from '@mysten/sui/cryptography';
import { Transaction } from '@mysten/sui/transactions';
import { fromBase64 } from '@mysten/sui/utils';
import { verifyPersonalMessageSignature, verifyTransactionSignature } from '@mysten/sui/verify';
import { computeZkLoginAddressFromSeed, parseZkLoginSignature } from '@mysten/sui/zklogin';
import { expect, expectState, fetchThrough } from './fixtures.ts';

/** A transfer of `mist` from the account's gas coin to `recipient`, in the JSON form a dApp hands the wallet. */
export async function transfer(mist: bigint, recipient: string, prepare: (tx: Transaction) => void = () => {}) {
  const tx = new Transaction();
  const [coin] = tx.splitCoins(tx.gas, [mist]);
  tx.transferObjects([coin!], recipient);
  prepare(tx);
  return tx.toJSON();
}

/** The dApp's side of the protocol, installed before the app's own scripts. */
export function installDapp() {
  type Wallet = { name: string; features: Record<string, Record<string, (...args: unknown[]) => unknown>> };
  const dapp = { wallets: [] as Wallet[], changes: [] as { wallet: string; accounts: string[] }[] };
  (window as unknown as { __dapp: typeof dapp }).__dapp = dapp;
  const api = {
    register: (...wallets: Wallet[]) => {
      dapp.wallets.push(...wallets);
      for (const wallet of wallets) {
        wallet.features['standard:events']!.on!('change', ({ accounts }: { accounts?: { address: string }[] }) => {
          if (accounts) dapp.changes.push({ wallet: wallet.name, accounts: accounts.map((account) => account.address) });
        });
      }
      return () => void (dapp.wallets = dapp.wallets.filter((wallet) => !wallets.includes(wallet)));
    },
  };
  window.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent).detail(api));
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
}

/** Runs `feature`'s `method` of the wallet named `name` in the page, with `input` (and the account, when asked). */
export async function call<T>(page: Page, name: string, feature: string, method: string, input: Record<string, unknown> = {}) {
  return page.evaluate(
    async ({ name, feature, method, input }) => {
      const dapp = (window as unknown as { __dapp: { wallets: { name: string; accounts: unknown[]; features: never }[] } })
        .__dapp;
      const wallet = dapp.wallets.find((candidate) => candidate.name === name)!;
      const features = wallet.features as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
      const args: Record<string, unknown> = { ...input };
      if (args.account === 'connected') args.account = wallet.accounts[0];
      if (typeof args.account === 'string') args.account = { ...(wallet.accounts[0] as object), address: args.account };
      if (typeof args.message === 'string') args.message = new TextEncoder().encode(args.message);
      if (typeof args.transaction === 'string') {
        const json = args.transaction;
        args.transaction = { toJSON: async () => json };
      }
      // Accounts are class instances (getters over private fields): handed back as plain data.
      const plain = (account: { address: string; publicKey: Uint8Array; chains: string[]; label?: string }) => ({
        address: account.address,
        publicKey: btoa(String.fromCharCode(...account.publicKey)),
        chains: [...account.chains],
        label: account.label,
      });
      try {
        const value = (await features[feature]![method]!(args)) as { accounts?: Parameters<typeof plain>[0][] } | undefined;
        return { ok: true as const, value: value?.accounts ? { accounts: value.accounts.map(plain) } : value };
      } catch (error) {
        return { ok: false as const, error: (error as Error).message };
      }
    },
    { name, feature, method, input },
  ) as Promise<{ ok: true; value: T } | { ok: false; error: string }>;
}

export const connect = (page: Page, name: string, silent: boolean) =>
  call<{ accounts: { address: string; publicKey: string; chains: string[]; label?: string }[] }>(
    page,
    name,
    'standard:connect',
    'connect',
    { silent },
  );

/** A first visit: the sign-in buttons, and the three wallets registered with the dApp. */
export async function openAtSignInButtons(page: Page) {
  await page.goto('/');
  await expectState(page, 'idle');
  await walletsOf(page);
}

/** The accounts a connect answered with; the connect must have succeeded. */
export async function accountsOf(result: ReturnType<typeof connect>) {
  const answered = await result;
  if (!answered.ok) throw new Error(`connect failed: ${answered.error}`);
  return answered.value.accounts;
}

export async function walletsOf(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __dapp: { wallets: unknown[] } }).__dapp.wallets.length))
    .toBe(3);
  return page.evaluate(() =>
    (
      window as unknown as {
        __dapp: { wallets: { name: string; version: string; icon: string; chains: string[]; features: object }[] };
      }
    ).__dapp.wallets.map((wallet) => ({
      name: wallet.name,
      version: wallet.version,
      icon: wallet.icon.slice(0, 26),
      chains: wallet.chains,
      features: Object.fromEntries(Object.entries(wallet.features).map(([name, feature]) => [name, feature.version])),
    })),
  );
}

/** The zkLogin signature's address (from iss and addressSeed), after its inner signature verified over `bytes`. */
export async function checkZkLoginSignature(signature: string, bytes: Uint8Array, scope: 'PersonalMessage' | 'TransactionData') {
  const { inputs, userSignature } = parseZkLoginSignature(fromBase64(signature).slice(1));
  const inner = typeof userSignature === 'string' ? userSignature : Buffer.from(userSignature).toString('base64');
  if (scope === 'PersonalMessage') await verifyPersonalMessageSignature(bytes, inner);
  else await verifyTransactionSignature(bytes, inner);
  const parsed = parseSerializedSignature(signature);
  if (parsed.signatureScheme !== 'ZkLogin') throw new Error(`not a zkLogin signature: ${parsed.signatureScheme}`);
  expect(BigInt(inputs.addressSeed)).toBe(parsed.zkLogin!.addressSeed);
  return computeZkLoginAddressFromSeed(BigInt(inputs.addressSeed), parsed.zkLogin!.iss, false);
}

/** dapp-kit's Connect button, its list of wallets, and the one named `wallet`. */
export async function chooseWallet(page: Page, wallet: string) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByRole('button', { name: new RegExp(wallet) }).click();
}

/** Test SUI for `address`, from the built-in mock faucet (the dApp has no faucet of its own). */
export async function fund(page: Page, address: string) {
  const response = await page.request.post('/__mock/sui/faucet/v2/gas', {
    data: { FixedAmountRequest: { recipient: address } },
  });
  expect(response.ok()).toBe(true);
}

/** signPersonalMessage of the wallet named `name` on its connected account, approved by the visitor; it must succeed. */
export async function signMessageThrough(page: Page, name: string, message: string) {
  const signed = await approved(
    call<{ bytes: string; signature: string }>(page, name, 'sui:signPersonalMessage', 'signPersonalMessage', {
      account: 'connected',
      message,
    }),
    page,
  );
  expect(signed.ok, JSON.stringify(signed)).toBe(true);
  return (signed as { value: { bytes: string; signature: string } }).value;
}

/** The wallet's approval dialog (in its shadow root: Playwright's locators pierce it). */
export const approvalDialog = (page: Page) => page.getByRole('dialog', { name: /^Approve/ });

/** The visitor approves the request the wallet's dialog shows, with a real click. */
export async function approve(page: Page) {
  const dialog = approvalDialog(page);
  const button = dialog.getByRole('button', { name: 'Approve', exact: true });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
  await expect(dialog).toHaveCount(0);
}

/** A call made in the page that the visitor approves in the wallet's dialog; its outcome. */
export async function approved<T>(result: Promise<T>, page: Page): Promise<T> {
  await approve(page);
  return result;
}

/** The ids of the SUI coin objects `address` holds, read from the mock node at `base` (the page's own by default) as any client would. */
export async function coinsOf(page: Page, address: string, base = ''): Promise<string[]> {
  const response = await page.request.post(`${base}/__mock/sui/graphql`, {
    data: {
      query:
        'query($a: SuiAddress!) { address(address: $a) { objects(filter: { type: "0x2::coin::Coin<0x2::sui::SUI>" }) { nodes { address } } } }',
      variables: { a: address },
    },
  });
  const body = (await response.json()) as { data?: { address?: { objects?: { nodes?: { address: string }[] } } | null } };
  return (body.data?.address?.objects?.nodes ?? []).map((node) => node.address);
}

/**
 * The mock provider's page isolates its window (Cross-Origin-Opener-Policy: same-origin), as
 * some providers' pages do: its page only; the Continue form's answer (a redirect back to the
 * app) goes on untouched.
 */
export async function isolateProviderPages(context: BrowserContext) {
  /** How many provider pages were sent isolated: a journey checks its route did match. */
  const isolated = { pages: 0 };
  await context.route(/\/idp\/[a-z]+\/authorize\?/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await fetchThrough(route, { maxRedirects: 0 });
    await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' } });
    isolated.pages += 1;
  });
  return isolated;
}
