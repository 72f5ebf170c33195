/** Each wallet's icon, a data URI as the Wallet Standard asks: the provider's initial on its colour. */
import type { Provider } from '../../core/providers.ts';

const COLOURS: Record<Provider, string> = { google: '#4285F4', facebook: '#1877F2', twitch: '#9146FF' };

export function walletIcon(provider: Provider): `data:image/svg+xml;base64,${string}` {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${COLOURS[provider]}"/>` +
    `<text x="16" y="22" font-family="Arial,sans-serif" font-size="17" font-weight="700" fill="#fff" text-anchor="middle">` +
    `${provider[0]!.toUpperCase()}</text></svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
