/**
 * The supported identity providers: the names the machine and every layer above it use.
 * Pure: where each provider lives (its authorization URL) is the zklogin module's business.
 */
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
