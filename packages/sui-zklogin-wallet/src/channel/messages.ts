/**
 * What a dApp's page and the hosted wallet's window say to each other (docs/hosted-wallet.md).
 * Every message carries the channel's tag and version; a request and its answer share a
 * request id (a UUID). The window's `ready` and the dApp's request go between the two windows;
 * the answer goes back on the port the request brought. Both sides read a message only through `readMessage`: over its cap, or
 * not of these shapes, it is dropped unread.
 *
 * The schemas are valibot's (the app's own schema library), not hand-written checks: one
 * declaration gives both the check and the type.
 */
import * as v from 'valibot';

export const CHANNEL = 'sui-zklogin-wallet';
export const CHANNEL_VERSION = 1;

/** A request's cap: a transaction's JSON fits (Sui caps a transaction at 128 KiB of BCS). */
export const REQUEST_CAP_BYTES = 256 * 1024;
/**
 * An answer's cap: signatures, a session, an executed transaction's bytes and effects. Every
 * answer Sui allows fits, so that a transaction never runs on chain while the site is told it
 * failed: its largest executed transaction is 128 KiB of bytes and 512 KiB of effects
 * (protocol limits), about 0.9 MiB in base64 with the signature.
 */
export const ANSWER_CAP_BYTES = 1024 * 1024;

const PROVIDER = v.picklist(['google', 'facebook', 'twitch']);
/** A Sui address in its one canonical form. */
export const ADDRESS = v.pipe(v.string(), v.regex(/^0x[0-9a-f]{64}$/));
const CHAIN = v.pipe(v.string(), v.regex(/^sui:[a-z]+$/));
const REQUEST_ID = v.pipe(v.string(), v.uuid());

const ForAccount = { provider: PROVIDER, address: ADDRESS, chain: CHAIN };

/** What a dApp asks of the wallet, one request per window. */
export const WalletRequestSchema = v.variant('kind', [
  /** `chain`: the site's, which must be the wallet's (its account is on that chain only). */
  v.strictObject({ kind: v.literal('connect'), provider: PROVIDER, chain: CHAIN }),
  /** `message`: the bytes to sign, in base64 (what the visitor is shown is read from them). */
  v.strictObject({ kind: v.literal('signPersonalMessage'), ...ForAccount, message: v.pipe(v.string(), v.base64()) }),
  v.strictObject({ kind: v.literal('signTransaction'), ...ForAccount, transaction: v.string() }),
  v.strictObject({ kind: v.literal('signAndExecuteTransaction'), ...ForAccount, transaction: v.string() }),
  v.strictObject({ kind: v.literal('getSession'), ...ForAccount }),
]);
export type WalletWindowRequest = v.InferOutput<typeof WalletRequestSchema>;

/** The answer: a value (its shape is the request kind's), or why not. */
const AnswerSchema = v.variant('ok', [
  v.strictObject({
    ok: v.literal(true),
    value: v.unknown(),
    /** When the session the request was served in ends (a renewal at the wallet moves it): the client's remembered account follows. */
    sessionEnds: v.optional(v.number()),
  }),
  v.strictObject({
    ok: v.literal(false),
    error: v.pipe(v.string(), v.maxLength(1000)),
    /** The site is no longer connected at the wallet (revoked, or signed out there): the client forgets its account. */
    disconnected: v.optional(v.literal(true)),
  }),
]);
export type WalletWindowAnswer = v.InferOutput<typeof AnswerSchema>;

const Tagged = { source: v.literal(CHANNEL), version: v.literal(CHANNEL_VERSION) };

/** The wallet's window, loaded: it may be sent the request. */
const ReadySchema = v.strictObject({ ...Tagged, type: v.literal('ready') });
const RequestMessageSchema = v.strictObject({
  ...Tagged,
  type: v.literal('request'),
  requestId: REQUEST_ID,
  request: WalletRequestSchema,
});
const AnswerMessageSchema = v.strictObject({ ...Tagged, type: v.literal('answer'), requestId: REQUEST_ID, answer: AnswerSchema });
/** The visitor approved the request: it is being carried out, and its answer follows. */
const ApprovedMessageSchema = v.strictObject({ ...Tagged, type: v.literal('approved'), requestId: REQUEST_ID });

/** The dApp's page is going (a reload, a navigation, its tab closed): its request is withdrawn. */
const WithdrawnMessageSchema = v.strictObject({ ...Tagged, type: v.literal('withdrawn'), requestId: REQUEST_ID });

/** What the wallet's window reads (from the dApp), and what the dApp's page reads (from the window). */
export const ToWallet = v.variant('type', [RequestMessageSchema]);
export const ToDapp = v.variant('type', [ReadySchema, ApprovedMessageSchema, AnswerMessageSchema]);
/** What the wallet's window reads on the port the request brought (the dApp's other word). */
export const OnRequestPort = v.variant('type', [WithdrawnMessageSchema]);
export type ToWalletMessage = v.InferOutput<typeof ToWallet>;
export type ToDappMessage = v.InferOutput<typeof ToDapp>;

/** The size of a posted value as JSON, or Infinity when it has none (a cycle, a function). */
function jsonSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? Infinity;
  } catch {
    return Infinity;
  }
}

/** `data` as one of `schema`'s messages, or null: over `capBytes`, or of no shape the channel knows. */
export function readMessage<S extends typeof ToWallet | typeof ToDapp | typeof OnRequestPort>(
  schema: S,
  data: unknown,
  capBytes: number,
): v.InferOutput<S> | null {
  if (typeof data !== 'object' || data === null || jsonSize(data) > capBytes) return null;
  const parsed = v.safeParse(schema, data);
  return parsed.success ? parsed.output : null;
}

export const readyMessage = (): ToDappMessage => ({ source: CHANNEL, version: CHANNEL_VERSION, type: 'ready' });
export const requestMessage = (requestId: string, request: WalletWindowRequest): ToWalletMessage => ({
  source: CHANNEL,
  version: CHANNEL_VERSION,
  type: 'request',
  requestId,
  request,
});
export const approvedMessage = (requestId: string): ToDappMessage => ({
  source: CHANNEL,
  version: CHANNEL_VERSION,
  type: 'approved',
  requestId,
});
export const withdrawnMessage = (requestId: string): v.InferOutput<typeof OnRequestPort> => ({
  source: CHANNEL,
  version: CHANNEL_VERSION,
  type: 'withdrawn',
  requestId,
});
export const answerMessage = (requestId: string, answer: WalletWindowAnswer): ToDappMessage => ({
  source: CHANNEL,
  version: CHANNEL_VERSION,
  type: 'answer',
  requestId,
  answer,
});

/** A message as either side receives it: who sent it (the browser's word), what, and the ports it brought. */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
  ports: readonly MessagePort[];
}
