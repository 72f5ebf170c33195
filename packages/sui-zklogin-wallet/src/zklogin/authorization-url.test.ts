import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../core/providers.ts';
import { DEFAULT_AUTH_URLS } from '../config.ts';
import { buildAuthorizationUrl } from './authorization-url.ts';

const base = { clientId: 'client-1', redirectUrl: 'https://app.example/', nonce: 'nonce-123' };

describe('buildAuthorizationUrl', () => {
  it.each(PROVIDERS)('builds the implicit id_token request for %s', (provider) => {
    const url = new URL(buildAuthorizationUrl({ ...base, provider, authUrl: DEFAULT_AUTH_URLS[provider] }));
    expect(`${url.origin}${url.pathname}`).toBe(DEFAULT_AUTH_URLS[provider]);
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example/');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('scope')).toBe('openid');
    expect(url.searchParams.get('nonce')).toBe('nonce-123');
    expect(url.searchParams.get('force_verify')).toBe(provider === 'twitch' ? 'true' : null);
  });

  it('uses the real endpoints of reference-facts.md', () => {
    expect(DEFAULT_AUTH_URLS).toEqual({
      google: 'https://accounts.google.com/o/oauth2/v2/auth',
      facebook: 'https://www.facebook.com/v17.0/dialog/oauth',
      twitch: 'https://id.twitch.tv/oauth2/authorize',
    });
  });

  it('sends openid plus extra scopes, space separated, without repeating openid', () => {
    const url = new URL(
      buildAuthorizationUrl({
        ...base,
        provider: 'google',
        authUrl: DEFAULT_AUTH_URLS.google,
        extraScopes: ['email', 'openid', 'profile'],
      }),
    );
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('keeps an overriding endpoint and adds extra parameters', () => {
    const url = new URL(
      buildAuthorizationUrl({
        ...base,
        provider: 'facebook',
        authUrl: 'http://127.0.0.1:9/idp/facebook/authorize',
        extraParams: { state: 's1' },
      }),
    );
    expect(url.host).toBe('127.0.0.1:9');
    expect(url.searchParams.get('state')).toBe('s1');
  });

  it('refuses any other provider with the catalogue message', () => {
    expect(() => buildAuthorizationUrl({ ...base, provider: 'apple', authUrl: 'https://x.example' })).toThrowError(
      'Invalid provider: apple',
    );
  });
});
