/**
 * The benchmark's report: medians, ratios ours/peer, the targets of the performance issue
 * and whether each is met. Written to bench/results/latest.md and .json, and printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { VerificationTimes } from './verification.ts';

export const STEP_KEYS = [
  'firstLoad',
  'clickAfterHover',
  'clickPlain',
  'providerPage',
  'continueToSignedIn',
  'callbackPage',
  'proof',
  'sign',
  'reload',
  'signOut',
] as const;
export const PROVER_KEYS = ['proof', 'firstSignature'] as const;
/** The wallet section's steps (bench/hosted.ts), for both modes; the hosted mode's connect besides. */
export const WALLET_KEYS = ['requestShown', 'armed', 'approveAnswer'] as const;
export const HOSTED_KEYS = ['connect', 'connectShown', 'connectApprove', ...WALLET_KEYS, 'windowPage', 'approveMessage'] as const;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Steps = Record<(typeof STEP_KEYS)[number], number>;
type ProverSteps = Record<(typeof PROVER_KEYS)[number], number>;
/** One embedded journey: a message's request → its dialog shown, shown → Approve enabled, Approve's click → the answer at the dApp. */
export type EmbeddedSample = Record<(typeof WALLET_KEYS)[number], number>;
/**
 * One hosted journey: the same, of which the window's page (its navigation → the dialog
 * shown) and Approve's click → the answer's message at the dApp's page; and a connect
 * (signed in at the wallet): the call → the account, → its dialog shown, Approve → the account.
 */
export type HostedSample = Record<(typeof HOSTED_KEYS)[number], number>;
/** The hosted client bundled (bench/hosted.ts): without its peer @mysten/wallet-standard, and with it. */
export type ClientSize = { raw: number; gzip: number; withPeer: { raw: number; gzip: number } };
type Size = { raw: number; gzip: number; files: number };
type PerApp<T> = { ours: T; peer: T };

/** One measurement during the cycles: the V8 heap in use, and a heap snapshot's split of it. */
export interface CycleCheckpoint {
  heapBytes: number;
  /** Compiled code (the optimizing compilers' output grows as functions get hot, and is flushed again). */
  codeBytes: number;
  /** Everything else the page's scripts hold: objects, arrays, strings, closures. */
  objectBytes: number;
  storageEntries: number;
}

export interface BenchResult {
  date: string;
  /** The code measured: its commit, and whether the working tree held uncommitted changes (absent in older results). */
  tree?: { commit: string; dirty: boolean };
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; chromium: string };
  settings: {
    runs: number;
    proverRuns: number;
    latencyMs: number;
    proofDelayMs: number;
    proverDelayMs: number;
    cycles: number;
    /** Every file served with no-cache (as `vite preview`), instead of hashed assets kept. */
    revalidateAssets: boolean;
    /** The providers' addresses answered with a redirect to the mock provider's address, instead of its pages at theirs. */
    redirectProviders: boolean;
  };
  medians: PerApp<Steps>;
  samples: PerApp<Steps[]>;
  prover: { medians: PerApp<ProverSteps>; samples: PerApp<ProverSteps[]> };
  js: PerApp<{ firstPage: Size; journey: Size }>;
  scripts: PerApp<{ path: string; gzip: number; raw: number; firstPage: boolean }[]>;
  encryption: PerApp<{ write: number; read: number }>;
  cycles: {
    total: number;
    after10: CycleCheckpoint;
    halfway: CycleCheckpoint;
    afterAll: CycleCheckpoint;
  };
  /** The hosted wallet against the embedded one, on the example dApp (bench/hosted.ts; absent in older results). */
  hostedWallet?: {
    runs: number;
    medians: { hosted: HostedSample; embedded: EmbeddedSample };
    samples: { hosted: HostedSample[]; embedded: EmbeddedSample[] };
    client: ClientSize;
  };
  /** The zkLogin verifier's own time, and the proof's check in ours' Create proof (bench/verification.ts; absent in older results). */
  verification?: VerificationTimes & { proofCheckInApp: { median: number; samples: number[] } };
}

const STEPS: { key: keyof Steps; label: string; target?: number }[] = [
  { key: 'firstLoad', label: '1. first load → sign-in buttons usable' },
  { key: 'clickPlain', label: '2. click → provider page shown (plain Playwright click)', target: 0.6 },
  { key: 'clickAfterHover', label: '2a. … the same after 300 ms of hover' },
  { key: 'providerPage', label: '2b. … of which the provider page itself (navigation → Continue shown)' },
  { key: 'continueToSignedIn', label: '3. provider Continue → signed in (address shown, state stored)', target: 0.45 },
  { key: 'callbackPage', label: '3a. … of which the app page (navigation → signed in)' },
  { key: 'proof', label: '4. Create proof → ready', target: 0.5 },
  { key: 'sign', label: '5. Sign message → signature shown' },
  { key: 'reload', label: '6. reload → session restored', target: 0.3 },
  { key: 'signOut', label: '7. sign out → cleared' },
];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const ratio = (ours: number, peer: number, digits = 2) => `${(ours / peer).toFixed(digits)}×`;

export function renderTable(result: BenchResult): string {
  const { medians, machine, settings, prover, js, encryption, cycles } = result;
  const lines = [
    `Run ${result.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, Chromium ${machine.chromium}, headless.`,
    result.tree
      ? `Code measured: commit ${result.tree.commit.slice(0, 7)}${result.tree.dirty ? ', with uncommitted changes' : ' (clean tree)'}.`
      : 'Code measured: not recorded.',
    `Both apps: production builds in real mode against the same mock server on another origin, ${settings.latencyMs} ms per login-service call, extra proof delay ${settings.proofDelayMs} ms. ${settings.runs} alternating A/B runs per app after a warm-up; medians.`,
    `Both served alike by bench/static-server.ts: ${settings.revalidateAssets ? 'every file with no-cache, as `vite preview` does (--revalidate-assets)' : "a production host's rule: hashed assets kept for a year, the HTML asked for again"}.`,
    `The providers' addresses, for both alike: ${settings.redirectProviders ? "a redirect to the mock provider's own address, a second site (--redirect-providers)" : "the mock provider's pages served at the providers' own addresses, as a real provider's are"}.`,
    '',
    '| step | ours | EnokiFlow | ours/peer | target | verdict |',
    '|---|---|---|---|---|---|',
  ];
  const row = (label: string, ours: string, peer: string, r: string, target: string, met?: boolean) =>
    lines.push(`| ${label} | ${ours} | ${peer} | ${r} | ${target} | ${met === undefined ? '—' : verdict(met)} |`);
  for (const step of STEPS) {
    const [ours, peer] = [medians.ours[step.key], medians.peer[step.key]];
    row(
      step.label,
      ms(ours),
      ms(peer),
      ratio(ours, peer),
      step.target ? `≤ ${step.target}×` : '—',
      step.target ? ours / peer <= step.target : undefined,
    );
  }
  const size = (s: Size) => `${kb(s.gzip)} gzip (${kb(s.raw)}, ${s.files} files)`;
  row(
    'first-page JS, real-mode build',
    size(js.ours.firstPage),
    size(js.peer.firstPage),
    ratio(js.ours.firstPage.gzip, js.peer.firstPage.gzip),
    '≤ 95 KB gzip',
    js.ours.firstPage.gzip <= 95 * 1024,
  );
  row(
    'all JS over the journey',
    size(js.ours.journey),
    size(js.peer.journey),
    ratio(js.ours.journey.gzip, js.peer.journey.gzip),
    '≤ 1.0×',
    js.ours.journey.gzip <= js.peer.journey.gzip,
  );
  row(
    'one session write / read',
    `${ms(encryption.ours.write)} / ${ms(encryption.ours.read)}`,
    `${ms(encryption.peer.write)} / ${ms(encryption.peer.read)}`,
    ratio(encryption.ours.write, encryption.peer.write, 3),
    '≤ 1 ms each',
    encryption.ours.write <= 1 && encryption.ours.read <= 1,
  );
  const growth = cycles.afterAll.heapBytes - cycles.after10.heapBytes;
  const series = (bytes: (checkpoint: CycleCheckpoint) => number) => {
    const change = bytes(cycles.afterAll) - bytes(cycles.after10);
    return `${kb(bytes(cycles.after10))} after 10 → ${kb(bytes(cycles.halfway))} after ${Math.floor(cycles.total / 2)} → ${kb(bytes(cycles.afterAll))} (${change >= 0 ? '+' : ''}${kb(change)})`;
  };
  row(
    `${cycles.total} sign-in/sign-out cycles (ours, one tab)`,
    `V8 heap ${series((c) => c.heapBytes)}, of which compiled code ${series((c) => c.codeBytes)} and the scripts' objects ${series((c) => c.objectBytes)}; storage entries ${cycles.after10.storageEntries} → ${cycles.afterAll.storageEntries}`,
    '—',
    '—',
    'growth < 2 MB, entries 0',
    growth < 2 * 2 ** 20 && cycles.afterAll.storageEntries === 0,
  );
  lines.push(
    '',
    `Realistic prover: ${settings.proverDelayMs} ms added to every proof, ${settings.proverRuns} alternating A/B runs per app; medians. "Signed in → first signature" is a visitor who clicks Create proof, then Sign message as soon as it is enabled (clicked in the page).`,
    '',
    '| step | ours | EnokiFlow | ours/peer | target | verdict |',
    '|---|---|---|---|---|---|',
  );
  for (const [key, label] of [
    ['proof', 'Create proof → ready'],
    ['firstSignature', 'signed in → first signature shown'],
  ] as const) {
    const [ours, peer] = [prover.medians.ours[key], prover.medians.peer[key]];
    row(label, ms(ours), ms(peer), ratio(ours, peer), '≤ 1.0× (not slower)', ours <= peer);
  }
  if (result.verification) lines.push('', ...verificationTable(result.verification, medians.ours.proof, prover.medians));
  if (result.hostedWallet) lines.push('', ...walletTable(result.hostedWallet, medians.ours.reload));
  return lines.join('\n');
}

/** The verifier's target in Chromium on this machine, median. */
export const VERIFICATION_TARGET_MS = 60;

/** The verification section: the verifier's own time, and what the proof's check adds to Create proof. */
function verificationTable(
  verification: NonNullable<BenchResult['verification']>,
  fastProof: number,
  prover: BenchResult['prover']['medians'],
): string[] {
  const { node, chromium, proofCheckInApp, runs } = verification;
  const lines = [
    `zkLogin verification (issue 45): \`verifyZkLoginSignature\` in full (the ephemeral signature, the address, the Groth16 proof's pairing in one batch) on the real proof of the package's test vector; in Chromium, the package bundled by rolldown for a browser (minified) in a page of its own; in Node, in the bench's process. The first call (its code compiled on first use) apart, then the median of ${runs} calls. "In Create proof": the proof's check as ours runs it in the page, once per proof (its User Timing measure, \`zkLogin proof check\`), after the prover answered: what it adds to the step.`,
    '',
    '| measure | median | first call | target | verdict |',
    '|---|---|---|---|---|',
  ];
  const row = (label: string, median: string, first: string, target: string, met?: boolean) =>
    lines.push(`| ${label} | ${median} | ${first} | ${target} | ${met === undefined ? '—' : verdict(met)} |`);
  row(
    'verification in Chromium',
    ms(chromium.median),
    ms(chromium.first),
    `≤ ${VERIFICATION_TARGET_MS} ms`,
    chromium.median <= VERIFICATION_TARGET_MS,
  );
  row('verification in Node', ms(node.median), ms(node.first), '—');
  row(`the proof's check in ours' Create proof (fast prover; the step: ${ms(fastProof)})`, ms(proofCheckInApp.median), '—', '—');
  row(
    `Create proof → ready with the realistic prover, ours (the check in it) against the peer (no check): ${ms(prover.ours.proof)} against ${ms(prover.peer.proof)}`,
    ratio(prover.ours.proof, prover.peer.proof),
    '—',
    '≤ 1.0×',
    prover.ours.proof <= prover.peer.proof,
  );
  return lines;
}

/** The client's budget, gzip. */
export const CLIENT_TARGET_BYTES = 7 * 1024;

/** The wallet section: the hosted wallet's window against the wallet embedded in the dApp's page. */
function walletTable(wallet: NonNullable<BenchResult['hostedWallet']>, reload: number): string[] {
  const { hosted, embedded } = wallet.medians;
  const shownTarget = reload + 150;
  const lines = [
    `Wallet (issue 43): the example dApp's requests, made by a page script through the Wallet Standard, to the hosted wallet's window (the dApp built with VITE_WALLET_URL on http://127.0.0.1, the wallet on http://localhost) and to the wallet embedded in the same dApp page (ours' build, without VITE_WALLET_URL); both on ours' real-mode build, served alike; ${wallet.runs} alternating runs per mode after a warm-up; medians. Not timed: the sign-in (in the wallet's window, or through the dApp's page) and a first message approved (its proof, the dialog's code); then a second message is timed. "Shown": the approval dialog open in the document that shows it (a modal \`<dialog>\` with the request in it), marked at the DOM change that opened it, before its first paint and before Approve is enabled (ARM_DELAY_MS, 600 ms later: its own row). "Approve → answer": from the visitor's click on the enabled Approve (a real click, as soon as the page says it is enabled) to the wallet's promise resolved in the dApp's page. The connect is timed from its call to its resolution, so the arm delay and the driver's click are in it.`,
    '',
    '| step | hosted | embedded | hosted/embedded | target | verdict |',
    '|---|---|---|---|---|---|',
  ];
  const row = (label: string, h: string, e: string, r: string, target: string, met?: boolean) =>
    lines.push(`| ${label} | ${h} | ${e} | ${r} | ${target} | ${met === undefined ? '—' : verdict(met)} |`);
  row("connect, signed in at the wallet: the dApp's call → account at the dApp", ms(hosted.connect), '—', '—', '—');
  row('… of which the call → `Connect <site>?` shown', ms(hosted.connectShown), '—', '—', '—');
  row('… of which Approve click → account at the dApp', ms(hosted.connectApprove), '—', '—', '—');
  row(
    'signPersonalMessage: request → approval shown',
    ms(hosted.requestShown),
    ms(embedded.requestShown),
    ratio(hosted.requestShown, embedded.requestShown),
    `hosted ≤ reload (ours) + 150 ms = ${ms(shownTarget)}`,
    hosted.requestShown <= shownTarget,
  );
  row("… of which the wallet window's page (its navigation → shown)", ms(hosted.windowPage), '—', '—', '—');
  row(
    '… approval shown → Approve enabled (the arm delay)',
    ms(hosted.armed),
    ms(embedded.armed),
    ratio(hosted.armed, embedded.armed),
    '—',
  );
  row(
    'Approve click → answer at the dApp',
    ms(hosted.approveAnswer),
    ms(embedded.approveAnswer),
    ratio(hosted.approveAnswer, embedded.approveAnswer),
    '≤ 1.5×',
    hosted.approveAnswer <= 1.5 * embedded.approveAnswer,
  );
  row("… of which Approve click → the answer's message at the dApp's page", ms(hosted.approveMessage), '—', '—', '—');
  const { client } = wallet;
  row(
    "the hosted client (the package's main entry, minified, gzip -9)",
    `${kb(client.gzip)} gzip (${client.gzip} B; ${kb(client.raw)} minified); with its peer @mysten/wallet-standard ${kb(client.withPeer.gzip)}`,
    '—',
    '—',
    '≤ 7 KB gzip (without the peer, which dapp-kit brings)',
    client.gzip <= CLIENT_TARGET_BYTES,
  );
  return lines;
}

export function writeReport(result: BenchResult): string {
  const table = renderTable(result);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync('bench/results/latest.md', `# Benchmark: ours vs EnokiFlow\n\n${table}\n`);
  return table;
}
