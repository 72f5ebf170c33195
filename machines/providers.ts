/**
 * The supported identity providers: the names the machine and every layer above it use.
 * Pure: where each provider lives (its authorization URL) is the zklogin module's business.
 */
import { SignInError } from './errors.ts';

export const PROVIDERS = ['google', 'facebook', 'twitch'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const PROVIDER_LABELS: Record<Provider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitch: 'Twitch',
};

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}

/** Throws the catalogue's `Invalid provider: {provider}` for anything we do not support. */
export function assertProvider(value: string): asserts value is Provider {
  if (!isProvider(value)) throw SignInError.invalidProvider(value);
}
