import { bn254 } from '@noble/curves/bn254.js';
import { describe, expect, it } from 'vitest';
import {
  BUILD_WITHOUT_KEY,
  BUILT_IN_WITH_KEY,
  connectSources,
  isBuiltIn,
  parseConfig,
  readSettings,
  settingsSchema,
} from './config.ts';
import { availableProviders } from '../packages/sui-zklogin-wallet/src/config.ts';
import { BUILT_IN_VERIFYING_KEY, TEST_VERIFYING_KEY } from '../packages/sui-zklogin-wallet/src/verifying-keys.ts';

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
      suiGraphqlUrl: 'http://localhost:5173/__mock/sui/graphql',
      suiFaucetUrl: 'http://localhost:5173/__mock/sui/faucet',
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

  it('the Sui node and faucet: the public endpoints by network in real mode, the mocks in built-in mode, the variables first', () => {
    const endpoints = (env: Record<string, string>) => {
      const result = parseConfig(env, PAGE);
      return result.ok ? [result.config.suiGraphqlUrl, result.config.suiFaucetUrl] : result.errors;
    };
    const key = { VITE_ENOKI_API_KEY: 'k' };
    expect(endpoints(key)).toEqual(['https://graphql.testnet.sui.io/graphql', 'https://faucet.testnet.sui.io']);
    expect(endpoints({ ...key, VITE_SUI_NETWORK: 'devnet' })).toEqual([
      'https://graphql.devnet.sui.io/graphql',
      'https://faucet.devnet.sui.io',
    ]);
    // Mainnet has no faucet: "Get test SUI" is not offered there.
    expect(endpoints({ ...key, VITE_SUI_NETWORK: 'mainnet' })).toEqual(['https://graphql.mainnet.sui.io/graphql', null]);
    expect(endpoints({ VITE_SUI_NETWORK: 'mainnet' })).toEqual(['http://localhost:5173/__mock/sui/graphql', null]);
    expect(
      endpoints({ ...key, VITE_SUI_GRAPHQL_URL: 'https://node.example/graphql', VITE_SUI_FAUCET_URL: 'https://faucet.example/' }),
    ).toEqual(['https://node.example/graphql', 'https://faucet.example']);
  });

  it('reports every bad value clearly, one line per setting, in the order of the settings', () => {
    const result = parseConfig(
      { VITE_SUI_NETWORK: 'moonnet', VITE_ENOKI_API_URL: 'ftp://x', VITE_NATIVE_KEY: 'maybe', VITE_GOOGLE_AUTH_URL: 'not a url' },
      PAGE,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'VITE_ENOKI_API_URL must be an http(s) URL, got "ftp://x".',
        'VITE_SUI_NETWORK must be one of mainnet, testnet, devnet, got "moonnet".',
        'VITE_GOOGLE_AUTH_URL must be an http(s) URL, got "not a url".',
        'VITE_NATIVE_KEY must be "true" or "false", got "maybe".',
      ],
    });
  });

  const URL_FORMS = ['notaurl', 'ftp://x', 'javascript:alert(1)', '//no-scheme.example'];
  const BAD_FORMS: Record<string, { bad: string[]; expected: string }> = {
    VITE_ENOKI_API_KEY: { bad: ['two words', 'key"quoted'], expected: 'must be an application key without spaces or quotes' },
    VITE_BUILT_IN: { bad: ['yes', 'demo'], expected: 'must be "true" or "false"' },
    VITE_ENOKI_API_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_SUI_NETWORK: { bad: ['moonnet', 'Testnet', 'localnet'], expected: 'must be one of mainnet, testnet, devnet' },
    VITE_GOOGLE_CLIENT_ID: { bad: ['a b'], expected: 'must be a client id without spaces or quotes' },
    VITE_FACEBOOK_CLIENT_ID: { bad: ["it's"], expected: 'must be a client id without spaces or quotes' },
    VITE_TWITCH_CLIENT_ID: { bad: ['x y'], expected: 'must be a client id without spaces or quotes' },
    VITE_GOOGLE_AUTH_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_FACEBOOK_AUTH_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_TWITCH_AUTH_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_REDIRECT_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_SUI_GRAPHQL_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_SUI_FAUCET_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_EXTRA_SCOPES: { bad: ['email "profile"', 'a\\b'], expected: 'must be scope names separated by spaces' },
    VITE_NATIVE_KEY: { bad: ['yes', 'maybe', '2'], expected: 'must be "true" or "false"' },
    VITE_SIGN_IN_MODE: { bad: ['Popup', 'window', 'tab'], expected: 'must be one of redirect, popup' },
    VITE_INSPECT: { bad: ['on', 'no'], expected: 'must be "true" or "false"' },
    VITE_LOGIN_SERVICE_TIMEOUT_MS: {
      bad: ['fast', '1.5', '-1', '99', '120001'],
      expected: 'must be a whole number of milliseconds from 100 to 120000',
    },
    VITE_ADDITIONAL_EPOCHS: { bad: ['two', '1.5', '-1', '31', '1e1'], expected: 'must be a whole number of epochs from 0 to 30' },
    VITE_WALLET_URL: { bad: URL_FORMS, expected: 'must be an http(s) URL' },
    VITE_ZKLOGIN_VERIFYING_KEY: {
      bad: ['production', '{not json', '{"alpha_g1": ["1", "2"]}', '[1, 2]'],
      expected: "must be prod, test, built-in, or a Groth16 verifying key as JSON (the shape of verifying-keys.json's entries)",
    },
  };

  it('has a test of bad forms for every setting it reads', () => {
    expect(Object.keys(BAD_FORMS).sort()).toEqual(Object.keys(settingsSchema().entries).sort());
  });

  it.each(Object.entries(BAD_FORMS).flatMap(([name, { bad, expected }]) => bad.map((value) => [name, value, expected] as const)))(
    '%s=%s is refused with a line that names it',
    (name, value, expected) => {
      const result = readSettings({ [name]: value });
      expect(result).toEqual({ ok: false, errors: [`${name} ${expected}, got "${value}".`] });
      // The page's error screen gets the same line.
      expect(parseConfig({ [name]: value }, PAGE)).toEqual(result);
    },
  );

  it('decides built-in mode in one place, and where the built page may connect', () => {
    const builtIn = readSettings({});
    const real = readSettings({ VITE_ENOKI_API_KEY: 'k', VITE_ENOKI_API_URL: 'http://127.0.0.1:5199/base' });
    expect(builtIn.ok && [isBuiltIn(builtIn.settings), connectSources(builtIn.settings)]).toEqual([true, ["'self'"]]);
    expect(real.ok && [isBuiltIn(real.settings), connectSources(real.settings)]).toEqual([
      false,
      ['http://127.0.0.1:5199', 'https://graphql.testnet.sui.io', 'https://faucet.testnet.sui.io'],
    ]);
    const realDefault = readSettings({ VITE_ENOKI_API_KEY: 'k' });
    expect(realDefault.ok && connectSources(realDefault.settings)).toEqual([
      'https://api.enoki.mystenlabs.com',
      'https://graphql.testnet.sui.io',
      'https://faucet.testnet.sui.io',
    ]);
    // The connect-src follows the node and faucet settings; mainnet has no faucet to reach.
    const node = readSettings({
      VITE_ENOKI_API_KEY: 'k',
      VITE_SUI_NETWORK: 'mainnet',
      VITE_SUI_GRAPHQL_URL: 'https://node.example:8443/graphql',
      VITE_SUI_FAUCET_URL: 'https://faucet.example',
    });
    expect(node.ok && connectSources(node.settings)).toEqual(['https://api.enoki.mystenlabs.com', 'https://node.example:8443']);
    const builtInNode = readSettings({ VITE_SUI_GRAPHQL_URL: 'http://127.0.0.1:5199/sui/graphql' });
    expect(builtInNode.ok && connectSources(builtInNode.settings)).toEqual(["'self'", 'http://127.0.0.1:5199']);
  });

  it("real mode's page may also reach the published keys of the providers it signs in with at their own addresses", () => {
    const sources = (env: Record<string, string>) => {
      const result = readSettings(env);
      return result.ok ? connectSources(result.settings) : result.errors;
    };
    const services = ['https://api.enoki.mystenlabs.com', 'https://graphql.testnet.sui.io', 'https://faucet.testnet.sui.io'];
    const real = { VITE_ENOKI_API_KEY: 'k' };
    // The exact addresses, never a whole origin (www.googleapis.com hosts much else).
    const GOOGLE_KEYS = [
      'https://accounts.google.com/.well-known/openid-configuration',
      'https://www.googleapis.com/oauth2/v3/certs',
    ];
    const TWITCH_KEYS = ['https://id.twitch.tv/oauth2/.well-known/openid-configuration', 'https://id.twitch.tv/oauth2/keys'];
    // Google's discovery document and keys, Twitch's; never Facebook's, which no page can read (the node checks those proofs).
    expect(sources({ ...real, VITE_GOOGLE_CLIENT_ID: 'g', VITE_FACEBOOK_CLIENT_ID: 'f', VITE_TWITCH_CLIENT_ID: 't' })).toEqual([
      ...services,
      ...GOOGLE_KEYS,
      ...TWITCH_KEYS,
    ]);
    // Only for the providers the page offers (a client id).
    expect(sources({ ...real, VITE_TWITCH_CLIENT_ID: 't' })).toEqual([...services, ...TWITCH_KEYS]);
    expect(sources({ ...real, VITE_FACEBOOK_CLIENT_ID: 'f' })).toEqual(services);
    // Another path at the provider's own origin is still its real issuer.
    expect(
      sources({ ...real, VITE_GOOGLE_CLIENT_ID: 'g', VITE_GOOGLE_AUTH_URL: 'https://accounts.google.com/o/oauth2/auth' }),
    ).toEqual([...services, ...GOOGLE_KEYS]);
    // A provider sent elsewhere (the mock server, as the end-to-end real-mode build does) names its own issuer.
    const mockServer = 'http://127.0.0.1:5199';
    expect(
      sources({
        ...real,
        VITE_ENOKI_API_URL: mockServer,
        VITE_SUI_GRAPHQL_URL: `${mockServer}/sui/graphql`,
        VITE_SUI_FAUCET_URL: `${mockServer}/sui/faucet`,
        VITE_GOOGLE_CLIENT_ID: 'g',
        VITE_GOOGLE_AUTH_URL: `${mockServer}/idp/google/authorize`,
      }),
    ).toEqual([mockServer]);
    // Built-in mode's mock providers live on the page's origin, client ids or not.
    expect(sources({ VITE_GOOGLE_CLIENT_ID: 'g', VITE_TWITCH_CLIENT_ID: 't' })).toEqual(["'self'"]);
  });

  describe("VITE_ZKLOGIN_VERIFYING_KEY: the key the browser checks the login service's proofs under", () => {
    const keyOf = (env: Record<string, string>) => {
      const result = parseConfig(env, PAGE);
      return result.ok ? result.config.zkLoginVerifyingKey : result.errors;
    };
    const real = { VITE_ENOKI_API_KEY: 'k' };

    it("defaults to prod on mainnet and testnet, test on devnet, and built-in mode's own in built-in mode", () => {
      expect(keyOf(real)).toBe('prod');
      expect(keyOf({ ...real, VITE_SUI_NETWORK: 'mainnet' })).toBe('prod');
      expect(keyOf({ ...real, VITE_SUI_NETWORK: 'testnet' })).toBe('prod');
      expect(keyOf({ ...real, VITE_SUI_NETWORK: 'devnet' })).toBe('test');
      expect(keyOf({})).toBe('built-in');
      expect(keyOf({ VITE_SUI_NETWORK: 'mainnet' })).toBe('built-in');
      expect(keyOf({ VITE_SUI_NETWORK: 'devnet' })).toBe('built-in');
    });

    it('takes prod, test, built-in or a key as JSON; set, it names the key in built-in mode too (another prover behind the mocks)', () => {
      for (const value of ['prod', 'test', 'built-in']) {
        expect(keyOf({ ...real, VITE_ZKLOGIN_VERIFYING_KEY: value })).toBe(value);
        expect(keyOf({ VITE_ZKLOGIN_VERIFYING_KEY: value })).toBe(value);
      }
      expect(keyOf({ ...real, VITE_ZKLOGIN_VERIFYING_KEY: JSON.stringify(TEST_VERIFYING_KEY) })).toEqual(TEST_VERIFYING_KEY);
      expect(keyOf({ VITE_ZKLOGIN_VERIFYING_KEY: JSON.stringify(BUILT_IN_VERIFYING_KEY) })).toEqual(BUILT_IN_VERIFYING_KEY);
    });

    it('checks a key given as JSON in full at once: a point off its curve or outside its group, a coordinate not canonical, is refused', () => {
      const unusable = (what: string) =>
        `VITE_ZKLOGIN_VERIFYING_KEY is not a usable Groth16 verifying key: ${what} (each point must be on its curve and in its group, each coordinate a canonical decimal number).`;
      const [x, y] = TEST_VERIFYING_KEY.alpha_g1;
      const P = bn254.fields.Fp.ORDER;
      // On the twist's curve (x = 1), but not in its prime-order subgroup.
      const outsideTheGroup: typeof TEST_VERIFYING_KEY.beta_g2 = [
        ['1', '0'],
        [
          '3610091866386166428467545612961983990332663701371483510632385378352395651980',
          '15975588672102553735566230729081043132501226101599136527557730645158523614371',
        ],
      ];
      const cases = [
        [
          { ...TEST_VERIFYING_KEY, alpha_g1: [x, (BigInt(y) + 1n).toString()] },
          'the key point alpha is not a point of the curve',
        ],
        [
          { ...TEST_VERIFYING_KEY, alpha_g1: [x, (BigInt(y) + P).toString()] },
          'the key point alpha is not a canonical field element',
        ],
        [{ ...TEST_VERIFYING_KEY, beta_g2: outsideTheGroup }, "the key point beta is not a point of the curve's subgroup"],
        [
          { ...TEST_VERIFYING_KEY, ic_g1: [TEST_VERIFYING_KEY.ic_g1[0], ['0', '0']] },
          'the key point IC1 is the point at infinity',
        ],
      ] as const;
      for (const [key, what] of cases) {
        const env = { ...real, VITE_ZKLOGIN_VERIFYING_KEY: JSON.stringify(key) };
        expect(readSettings(env)).toEqual({ ok: false, errors: [unusable(what)] });
        expect(readSettings(env, { build: true })).toEqual({ ok: false, errors: [unusable(what)] });
      }
    });
  });

  describe('which mode: VITE_ENOKI_API_KEY and VITE_BUILT_IN', () => {
    const mode = (env: Record<string, string>, options: { build?: boolean } = {}) => {
      const result = readSettings(env, options);
      return result.ok ? (isBuiltIn(result.settings) ? 'built-in' : 'real') : result.errors;
    };

    it('the dev server (and the page) is built-in without a key, whatever VITE_BUILT_IN says', () => {
      expect(mode({})).toBe('built-in');
      expect(mode({ VITE_ENOKI_API_KEY: '  ' })).toBe('built-in');
      expect(mode({ VITE_BUILT_IN: 'true' })).toBe('built-in');
      expect(mode({ VITE_BUILT_IN: 'false' })).toBe('built-in');
      expect(mode({ VITE_ENOKI_API_KEY: 'k' })).toBe('real');
      expect(mode({ VITE_ENOKI_API_KEY: 'k', VITE_BUILT_IN: 'false' })).toBe('real');
    });

    it('`vite build` makes a built-in build only when asked (VITE_BUILT_IN=true): no key, or a blank one, is refused', () => {
      expect(mode({}, { build: true })).toEqual([BUILD_WITHOUT_KEY]);
      expect(mode({ VITE_ENOKI_API_KEY: '' }, { build: true })).toEqual([BUILD_WITHOUT_KEY]);
      expect(mode({ VITE_ENOKI_API_KEY: ' \t' }, { build: true })).toEqual([BUILD_WITHOUT_KEY]);
      expect(mode({ VITE_BUILT_IN: 'false' }, { build: true })).toEqual([BUILD_WITHOUT_KEY]);
      expect(mode({ VITE_BUILT_IN: 'true' }, { build: true })).toBe('built-in');
      expect(mode({ VITE_BUILT_IN: '1' }, { build: true })).toBe('built-in');
      expect(mode({ VITE_ENOKI_API_KEY: 'k' }, { build: true })).toBe('real');
      // The refusal names both settings: the one that is missing, and the way to ask for a demo.
      expect(BUILD_WITHOUT_KEY).toMatch(/VITE_ENOKI_API_KEY.*VITE_BUILT_IN=true/);
    });

    it('a key with VITE_BUILT_IN=true is a settings error naming both, for the build and the dev server alike', () => {
      for (const build of [false, true]) {
        expect(mode({ VITE_ENOKI_API_KEY: 'k', VITE_BUILT_IN: 'true' }, { build })).toEqual([BUILT_IN_WITH_KEY]);
      }
      expect(BUILT_IN_WITH_KEY).toMatch(/VITE_BUILT_IN=true.*VITE_ENOKI_API_KEY/);
      // The page's error screen says the same.
      expect(parseConfig({ VITE_ENOKI_API_KEY: 'k', VITE_BUILT_IN: 'true' }, PAGE)).toEqual({
        ok: false,
        errors: [BUILT_IN_WITH_KEY],
      });
    });

    it("reported with every other bad setting at once; not when the mode's own settings are malformed", () => {
      expect(mode({ VITE_SUI_NETWORK: 'moon' }, { build: true })).toEqual([
        'VITE_SUI_NETWORK must be one of mainnet, testnet, devnet, got "moon".',
        BUILD_WITHOUT_KEY,
      ]);
      expect(mode({ VITE_BUILT_IN: 'yes' }, { build: true })).toEqual(['VITE_BUILT_IN must be "true" or "false", got "yes".']);
    });
  });
});
