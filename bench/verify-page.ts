/**
 * The page of the verifier's browser measure (bench/verification.ts): the package's
 * verifier, bundled for a browser as an app's build bundles it, timing each call on the
 * signature the driver hands it.
 */
import { verifyZkLoginSignature, type VerifyOptions } from '../packages/sui-zklogin-wallet/src/verify.ts';

declare global {
  interface Window {
    __verifyTimes: (options: VerifyOptions, runs: number) => Promise<number[]>;
  }
}

window.__verifyTimes = async (options, runs) => {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await verifyZkLoginSignature(options);
    times.push(performance.now() - start);
  }
  return times;
};
