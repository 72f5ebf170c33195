/**
 * The guard rails hold: a wrong-way import fails the linter (the layers of
 * docs/architecture.md), so `npm run lint` and the README's test command fail on it.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problemsOf(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layers, as the linter keeps them', () => {
  it.each([
    [
      'a component importing storage',
      'src/ui/Account.tsx',
      "import '../../packages/sui-zklogin-wallet/src/storage/store.ts';",
      /ui\/ reads snapshots and sends events only/,
    ],
    ['a component importing Sui code', 'src/ui/Account.tsx', "import '@mysten/sui/utils';", /ui\/ never imports Sui code/],
    [
      'a component importing the Sui node client',
      'src/ui/Balance.tsx',
      "import '../../packages/sui-zklogin-wallet/src/sui/node-client.ts';",
      /ui\/ reads snapshots/,
    ],
    [
      'the Sui node client importing storage',
      'packages/sui-zklogin-wallet/src/sui/node-client.ts',
      "import '../storage/store.ts';",
      /sui\/ .* imports only the core and config/,
    ],
    [
      'the machine importing the app',
      'packages/sui-zklogin-wallet/src/core/failure.ts',
      "import '../../../../src/config.ts';",
      /core\/ is the pure core/,
    ],
    [
      'the machine importing the wallet identity',
      'packages/sui-zklogin-wallet/src/core/failure.ts',
      "import '../identity.ts';",
      /core\/ is the pure core/,
    ],
    [
      'the machine importing the wallet',
      'packages/sui-zklogin-wallet/src/core/failure.ts',
      "import '../config.ts';",
      /core\/ is the pure core/,
    ],
    [
      'the machine importing a package other than xstate',
      'packages/sui-zklogin-wallet/src/core/failure.ts',
      "import 'valibot';",
      /core\/ imports only xstate/,
    ],
    [
      'storage importing zklogin',
      'packages/sui-zklogin-wallet/src/storage/store.ts',
      "import '../zklogin/callback.ts';",
      /storage\/ imports only/,
    ],
    [
      'the login service importing storage',
      'packages/sui-zklogin-wallet/src/login-service/client.ts',
      "import '../storage/store.ts';",
      /login-service\/ imports only/,
    ],
    [
      'an operation importing the running actor',
      'packages/sui-zklogin-wallet/src/operations/dependencies.ts',
      "import '../runtime/sign-in-actor.ts';",
      /operations\/ never imports/,
    ],
    [
      'config importing a domain module',
      'packages/sui-zklogin-wallet/src/config.ts',
      "import './zklogin/callback.ts';",
      /config\.ts sits under/,
    ],
    [
      'the package importing the app',
      'packages/sui-zklogin-wallet/src/wallet/register.ts',
      "import '../../../../src/ui/App.tsx';",
      /A package stands alone/,
    ],
    [
      'the package importing the mocks',
      'packages/sui-zklogin-wallet/src/embedded.ts',
      "import '../../../mocks/testing.ts';",
      /A package stands alone/,
    ],
    [
      'the devtools importing the wallet',
      'src/devtools/DevtoolsPanel.tsx',
      "import '../../packages/sui-zklogin-wallet/src/wallet/register.ts';",
      /devtools\/ reads the machine/,
    ],
  ])('%s fails', async (_name, filePath, code, expected) => {
    const problems = await problemsOf(filePath, `${code}\nexport {};\n`);
    expect(problems.join('\n')).toMatch(expected);
  });

  it('an import the layers allow passes', async () => {
    expect(
      await problemsOf('src/ui/Account.tsx', "import '../../packages/sui-zklogin-wallet/src/core/providers.ts';\nexport {};\n"),
    ).toEqual([]);
  });
});
