/**
 * The benchmark's peer: the same journey on EnokiFlow (@mysten/enoki 1.0.8) with its React
 * bindings, the same buttons and the same mocks. Minimal on purpose: it is what an app
 * built the documented way does. Bench only; never shipped.
 */
import { EnokiFlowProvider, useAuthCallback, useEnokiFlow, useZkLogin, useZkLoginSession } from '@mysten/enoki/react';
import { createDefaultEncryption } from '@mysten/enoki';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const env = import.meta.env;
const PROVIDERS = [
  ['google', 'Google', env.VITE_GOOGLE_CLIENT_ID],
  ['facebook', 'Facebook', env.VITE_FACEBOOK_CLIENT_ID],
  ['twitch', 'Twitch', env.VITE_TWITCH_CLIENT_ID],
] as const;

function Peer() {
  const flow = useEnokiFlow();
  const session = useZkLoginSession();
  const { address } = useZkLogin();
  useAuthCallback();
  // Restore: EnokiFlow decrypts its stored session only when asked, and says nothing
  // when there is none, so the app tracks the restore itself.
  const [restored, setRestored] = useState(false);
  useEffect(() => void flow.getSession().finally(() => setRestored(true)), [flow]);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const state = !restored ? 'restoring' : ready ? 'ready' : address && session?.jwt ? 'signed-in' : 'idle';
  const signIn = async (provider: 'google' | 'facebook' | 'twitch', clientId: string) => {
    window.location.assign(
      await flow.createAuthorizationURL({ provider, clientId, redirectUrl: `${window.location.origin}/`, network: 'testnet' }),
    );
  };
  return (
    <main data-sign-in-state={state}>
      {error && <p role="alert">{error}</p>}
      {state === 'idle' || state === 'restoring'
        ? PROVIDERS.map(([provider, label, clientId]) => (
            <button key={provider} type="button" disabled={!restored} onClick={() => void signIn(provider, clientId)}>
              Sign in with {label}
            </button>
          ))
        : null}
      {(state === 'signed-in' || state === 'ready') && (
        <>
          <code data-testid="address">{address}</code>
          {!ready && (
            <button
              type="button"
              onClick={() =>
                flow.getKeypair({ network: 'testnet' }).then(
                  () => setReady(true),
                  (e: Error) => setError(e.message),
                )
              }
            >
              Create proof
            </button>
          )}
          {ready && (
            <button
              type="button"
              onClick={() =>
                flow
                  .getKeypair({ network: 'testnet' })
                  .then((keypair) => keypair.signPersonalMessage(new TextEncoder().encode('Hello from Sui zkLogin')))
                  .then(
                    ({ signature }) => setSignature(signature),
                    (e: Error) => setError(e.message),
                  )
              }
            >
              Sign message
            </button>
          )}
          {signature && <code data-testid="signature">{signature}</code>}
          <button
            type="button"
            onClick={() =>
              void flow.logout().then(() => {
                setReady(false);
                setSignature(null);
              })
            }
          >
            Sign out
          </button>
        </>
      )}
    </main>
  );
}

/** The cost of one session write and one read, for both designs, in this browser. */
async function measureEncryption(rounds: number) {
  const payload = JSON.stringify({
    jwt: 'x'.repeat(900),
    randomness: '1'.repeat(40),
    ephemeralKeyPair: 'suiprivkey'.padEnd(70, 'q'),
    maxEpoch: 10,
    expiresAt: 1,
  });
  // Our design's code is loaded for this measurement only: it is not part of the peer's
  // page, and its bytes must not count in the peer's JavaScript over the journey.
  const [{ createVaultEncryption }, { createIndexedDbVault }] = await Promise.all([
    import('../../packages/sui-zklogin-wallet/src/storage/encryption.ts'),
    import('../../packages/sui-zklogin-wallet/src/storage/key-vault.ts'),
  ]);
  const ours = createVaultEncryption(createIndexedDbVault('bench-encryption'), 'session-key');
  const peer = createDefaultEncryption();
  const time = async (work: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      await work();
      samples.push(performance.now() - start);
    }
    return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  };
  const sealedOurs = await ours.encrypt(payload, 'bench');
  const sealedPeer = await peer.encrypt(env.VITE_ENOKI_API_KEY, payload);
  return {
    ours: { write: await time(() => ours.encrypt(payload, 'bench')), read: await time(() => ours.decrypt(sealedOurs, 'bench')) },
    peer: {
      write: await time(() => peer.encrypt(env.VITE_ENOKI_API_KEY, payload)),
      read: await time(() => peer.decrypt(env.VITE_ENOKI_API_KEY, sealedPeer)),
    },
  };
}
(window as unknown as { __measureEncryption: typeof measureEncryption }).__measureEncryption = measureEncryption;

createRoot(document.getElementById('root')!).render(
  <EnokiFlowProvider apiKey={env.VITE_ENOKI_API_KEY} apiUrl={env.VITE_ENOKI_API_URL}>
    <Peer />
  </EnokiFlowProvider>,
);
