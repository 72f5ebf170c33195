/**
 * The public account an approved connect gave this site, remembered on the site's own
 * origin (localStorage), by wallet and provider: the address, the public key, the network it
 * was given on and when the session ends, nothing else. A silent connect answers from it
 * without opening the wallet's window: a frame of the wallet could not tell, as browsers keep
 * a third-party frame's storage apart by site.
 */
import * as v from 'valibot';
import { ADDRESS } from '../channel/messages.ts';
import type { Provider } from '../core/providers.ts';
import { usableStorageArea } from '../storage/store.ts';

/** The account a connect gives a site: its public part, and when the session it was given in ends. */
export const AccountAnswerSchema = v.strictObject({
  address: ADDRESS,
  publicKey: v.pipe(v.string(), v.base64()),
  sessionEnds: v.number(),
});
export type AccountAnswer = v.InferOutput<typeof AccountAnswerSchema>;

/** What the site keeps of it: the account, and the network the site asked for it on (`sui:testnet`). */
const RememberedAccountSchema = v.strictObject({ ...AccountAnswerSchema.entries, chain: v.string() });
export type RememberedAccount = v.InferOutput<typeof RememberedAccountSchema>;

/** `storage`: the page's localStorage by default; none where it has no usable one (every read is then empty). */
export function rememberedAccounts(walletOrigin: string, storage: Storage | null = usableStorageArea('browser')) {
  const key = (provider: Provider) => `sui-zklogin-wallet:${walletOrigin}:${provider}`;
  const attempt = <T>(run: () => T, otherwise: T): T => {
    try {
      return run();
    } catch {
      return otherwise;
    }
  };
  return {
    /** The account remembered for `provider`, or null (none, or not one this client wrote). */
    read: (provider: Provider): RememberedAccount | null =>
      attempt(() => {
        const parsed = v.safeParse(RememberedAccountSchema, JSON.parse(storage?.getItem(key(provider)) ?? 'null'));
        return parsed.success ? parsed.output : null;
      }, null),
    remember: (provider: Provider, account: RememberedAccount) =>
      attempt(
        () =>
          storage?.setItem(
            key(provider),
            JSON.stringify({
              address: account.address,
              publicKey: account.publicKey,
              sessionEnds: account.sessionEnds,
              chain: account.chain,
            }),
          ),
        undefined,
      ),
    forget: (provider: Provider) => attempt(() => storage?.removeItem(key(provider)), undefined),
  };
}
