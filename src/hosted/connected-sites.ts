/**
 * The sites the visitor connected to the hosted wallet (docs/hosted-wallet.md), kept at the
 * wallet's origin (localStorage): each site's origin, the provider and the account it was
 * given, and the session it was approved in (when that session ends). A site's signing
 * request is put to the visitor only while it is listed for that account and that session:
 * a sign-out, or the session's end, ends every connection (a renewal seen by a window of the
 * wallet carries them over). The wallet's page lists them, each with Disconnect. Nothing
 * secret is here: what the sites were given is public.
 */
import * as v from 'valibot';
import { PROVIDERS, type Provider } from '../../packages/sui-zklogin-wallet/src/core/providers.ts';

const ConnectedSiteSchema = v.strictObject({
  origin: v.pipe(v.string(), v.url()),
  provider: v.picklist(PROVIDERS),
  address: v.string(),
  /** When the session the visitor approved the site in ends. */
  sessionEnds: v.number(),
});
export type ConnectedSite = v.InferOutput<typeof ConnectedSiteSchema>;

const KEY = 'zklogin-wallet:connected-sites';

/** The browser's localStorage, when usable (a privacy mode may refuse it: then no site is kept). */
function siteStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function connectedSites(storage: Storage | null = siteStorage()) {
  const list = (): ConnectedSite[] => {
    try {
      const parsed = v.safeParse(v.array(ConnectedSiteSchema), JSON.parse(storage?.getItem(KEY) ?? '[]'));
      return parsed.success ? parsed.output : [];
    } catch {
      return [];
    }
  };
  const write = (sites: ConnectedSite[]) => {
    try {
      storage?.setItem(KEY, JSON.stringify(sites));
    } catch {
      // Storage refused: the site is asked to connect again next time, nothing worse.
    }
  };
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
      write(list().map((site) => (site.address === address && site.sessionEnds === from ? { ...site, sessionEnds: to } : site))),
    connect: (site: ConnectedSite) => write([...list().filter((kept) => kept.origin !== site.origin), site]),
    disconnect: (origin: string) => write(list().filter((site) => site.origin !== origin)),
  };
}
