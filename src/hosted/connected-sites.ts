/**
 * The sites the visitor connected to the hosted wallet (docs/hosted-wallet.md), kept at the
 * wallet's origin (localStorage): each site's origin, the provider and the account it was
 * given, and the session it was approved in (when that session ends). A site's signing
 * request is put to the visitor only while it is listed for that account and that session:
 * a sign-out, or the session's end, ends every connection (a renewal seen by a window of the
 * wallet carries them over). The wallet's page lists them, each with Disconnect. The sites
 * the visitor disconnected are kept apart (the origin and the account it was connected to,
 * until it connects again), so that a window says a site was disconnected only when this
 * account's visitor did it: never to a site that was not connected, nor to the next person
 * signed in at this browser. Nothing secret is here: what the sites were given is public.
 */
import * as v from 'valibot';
import { PROVIDERS, type Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';
import { usableStorageArea } from '../../packages/sui-zklogin-wallet/src/storage/store.ts';

const ConnectedSiteSchema = v.strictObject({
  origin: v.pipe(v.string(), v.url()),
  provider: v.picklist(PROVIDERS),
  address: v.string(),
  /** When the session the visitor approved the site in ends. */
  sessionEnds: v.number(),
});
export type ConnectedSite = v.InferOutput<typeof ConnectedSiteSchema>;

const KEY = 'zklogin-wallet:connected-sites';
const DISCONNECTED_KEY = 'zklogin-wallet:disconnected-sites';
const DisconnectedSiteSchema = v.strictObject({ origin: v.string(), address: v.string() });
type DisconnectedSite = v.InferOutput<typeof DisconnectedSiteSchema>;
/** The disconnections kept, newest last: enough for any visitor's sites, never a growing store. */
export const DISCONNECTED_KEPT = 100;

/** `storage`: the origin's localStorage by default; none where it is unusable (a privacy mode may refuse it: then no site is kept). */
export function connectedSites(storage: Storage | null = usableStorageArea('browser')) {
  /** What `key` holds, if it reads as `schema` (nothing, unreadable or unparsable: none). */
  const read = <T>(key: string, schema: v.GenericSchema<unknown, T[]>): T[] => {
    try {
      const parsed = v.safeParse(schema, JSON.parse(storage?.getItem(key) ?? '[]'));
      return parsed.success ? parsed.output : [];
    } catch {
      return [];
    }
  };
  const write = (key: string, value: unknown[]) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused: the site is asked to connect again next time (or said not connected), nothing worse.
    }
  };
  const list = () => read(KEY, v.array(ConnectedSiteSchema));
  const disconnected = () => read(DISCONNECTED_KEY, v.array(DisconnectedSiteSchema));
  return {
    list,
    /** Whether `origin` was connected to this account in this session (and not disconnected since). */
    isConnected: (origin: string, provider: Provider, address: string, sessionEnds: number) =>
      list().some(
        (site) =>
          site.origin === origin && site.provider === provider && site.address === address && site.sessionEnds === sessionEnds,
      ),
    /** The session was renewed: the sites connected in it stay connected in the next. */
    renewed: (address: string, from: number, to: number) =>
      write(
        KEY,
        list().map((site) => (site.address === address && site.sessionEnds === from ? { ...site, sessionEnds: to } : site)),
      ),
    connect: (site: ConnectedSite) => {
      write(KEY, [...list().filter((kept) => kept.origin !== site.origin), site]);
      write(
        DISCONNECTED_KEY,
        disconnected().filter((gone) => gone.origin !== site.origin),
      );
    },
    /** The sites connected to `address` in the session that ends at `sessionEnds`, or in a later one (renewed in another window). */
    ofSession: (address: string | null, sessionEnds: number | null) =>
      list().filter((site) => site.address === address && sessionEnds !== null && site.sessionEnds >= sessionEnds),
    /** The visitor disconnected `origin` (a site is connected once: with one provider, to one account). */
    disconnect: (origin: string) => {
      const sites = list();
      const site = sites.find((kept) => kept.origin === origin);
      write(
        KEY,
        sites.filter((kept) => kept !== site),
      );
      const others = disconnected().filter((kept) => kept.origin !== origin);
      const gone: DisconnectedSite[] = site ? [{ origin, address: site.address }] : [];
      write(DISCONNECTED_KEY, [...others, ...gone].slice(-DISCONNECTED_KEPT));
    },
    /** Whether the visitor disconnected `origin` from `address` (and it has not connected since). */
    wasDisconnected: (origin: string, address: string | undefined) =>
      disconnected().some((gone) => gone.origin === origin && gone.address === address),
  };
}
