import { describe, expect, it } from 'vitest';
import { availableProviders, parseConfig } from './config.ts';

const PAGE = 'http://localhost:5173/app/?inspect#id_token=x';

describe('configuration', () => {
  it('is built-in mode exactly when VITE_ENOKI_API_KEY is unset, pointing at the mocks on the page origin', () => {
    const result = parseConfig({}, PAGE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      builtIn: true,
      enokiApiUrl: 'http://localhost:5173/__mock/enoki',
      network: 'testnet',
      redirectUrl: 'http://localhost:5173/app/?inspect',
      nativeKey: false,
      extraScopes: [],
    });
    expect(result.config.authUrls.google).toBe('http://localhost:5173/__mock/idp/google/authorize');
    expect(availableProviders(result.config)).toEqual(['google', 'facebook', 'twitch']);
  });

  it('real mode uses the real services by default, and the variables override everything', () => {
    const real = parseConfig({ VITE_ENOKI_API_KEY: 'enoki_public_1', VITE_GOOGLE_CLIENT_ID: 'g' }, PAGE);
    expect(real.ok && real.config).toMatchObject({
      builtIn: false,
      enokiApiUrl: 'https://api.enoki.mystenlabs.com',
      enokiApiKey: 'enoki_public_1',
      authUrls: {
        google: 'https://accounts.google.com/o/oauth2/v2/auth',
        facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
        twitch: 'https://id.twitch.tv/oauth2/authorize',
      },
    });
    // Only providers with a client id are offered in real mode.
    expect(real.ok && availableProviders(real.config)).toEqual(['google']);

    const custom = parseConfig(
      {
        VITE_ENOKI_API_KEY: 'k',
        VITE_ENOKI_API_URL: 'http://127.0.0.1:5199/',
        VITE_SUI_NETWORK: 'devnet',
        VITE_TWITCH_AUTH_URL: 'http://127.0.0.1:5199/idp/twitch/authorize',
        VITE_REDIRECT_URL: 'https://app.example/callback/',
        VITE_EXTRA_SCOPES: 'email profile',
        VITE_NATIVE_KEY: 'true',
        VITE_INSPECT: 'true',
      },
      PAGE,
    );
    expect(custom.ok && custom.config).toMatchObject({
      enokiApiUrl: 'http://127.0.0.1:5199',
      network: 'devnet',
      redirectUrl: 'https://app.example/callback/',
      extraScopes: ['email', 'profile'],
      nativeKey: true,
      inspect: true,
      authUrls: { twitch: 'http://127.0.0.1:5199/idp/twitch/authorize' },
    });
  });

  it('reports every bad value clearly', () => {
    const result = parseConfig(
      { VITE_SUI_NETWORK: 'moonnet', VITE_ENOKI_API_URL: 'ftp://x', VITE_NATIVE_KEY: 'maybe', VITE_GOOGLE_AUTH_URL: 'not a url' },
      PAGE,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'VITE_SUI_NETWORK must be one of mainnet, testnet, devnet, got "moonnet".',
        'VITE_GOOGLE_AUTH_URL must be an http(s) URL, got "not a url".',
        'VITE_ENOKI_API_URL must be an http(s) URL, got "ftp://x".',
        'VITE_NATIVE_KEY must be "true" or "false", got "maybe".',
      ],
    });
  });
});
