/**
 * The benchmark's report: medians, ratios ours/peer, the targets of the performance issue
 * and whether each is met. Written to bench/results/latest.md and .json, and printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

type Steps = Record<'firstLoad' | 'clickAfterHover' | 'clickPlain' | 'callback' | 'proof' | 'reload' | 'signOut', number>;
type Size = { raw: number; gzip: number };

export interface BenchResult {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; chromium: string };
  settings: { runs: number; latencyMs: number; proofDelayMs: number; cycles: number };
  medians: { ours: Steps; peer: Steps };
  samples: { ours: Steps[]; peer: Steps[] };
  firstLoadJs: { ours: Size & { files: number }; peer: Size & { files: number } };
  allJs: { ours: Size; peer: Size };
  encryption: { ours: { write: number; read: number }; peer: { write: number; read: number } };
  cycles: {
    total: number;
    after10: { heapBytes: number; storageEntries: number };
    afterAll: { heapBytes: number; storageEntries: number };
  };
}

const STEPS: { key: keyof Steps; label: string; target?: number }[] = [
  { key: 'firstLoad', label: '1. first load → sign-in usable' },
  { key: 'clickAfterHover', label: '2a. click → provider, after 300 ms hover', target: 0.15 },
  { key: 'clickPlain', label: '2b. click → provider, plain click', target: 0.6 },
  { key: 'callback', label: '3. callback load → signed in, stored', target: 0.5 },
  { key: 'proof', label: '4. Create proof → ready', target: 0.6 },
  { key: 'reload', label: '5. reload → signed-in restored', target: 0.3 },
  { key: 'signOut', label: '6. sign out → cleared' },
];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (met: boolean) => (met ? 'met' : '**missed**');

export function renderTable(result: BenchResult): string {
  const { medians, machine, settings } = result;
  const lines = [
    `Run ${result.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, Chromium ${machine.chromium}.`,
    `${settings.runs} alternating A/B runs per app after a warm-up; medians. Login-service latency ${settings.latencyMs} ms per call, extra proof delay ${settings.proofDelayMs} ms.`,
    '',
    '| step | ours | EnokiFlow | ours/peer | target | verdict |',
    '|---|---|---|---|---|---|',
  ];
  for (const step of STEPS) {
    const ratio = medians.ours[step.key] / medians.peer[step.key];
    lines.push(
      `| ${step.label} | ${ms(medians.ours[step.key])} | ${ms(medians.peer[step.key])} | ${ratio.toFixed(2)}× | ${step.target ? `≤ ${step.target}×` : '—'} | ${step.target ? verdict(ratio <= step.target) : '—'} |`,
    );
  }
  const js = result.firstLoadJs;
  const heapGrowth = result.cycles.afterAll.heapBytes - result.cycles.after10.heapBytes;
  lines.push(
    `| first-load JS, gzip (raw) | ${kb(js.ours.gzip)} (${kb(js.ours.raw)}) | ${kb(js.peer.gzip)} (${kb(js.peer.raw)}) | ${(js.ours.gzip / js.peer.gzip).toFixed(2)}× | ≤ 95 KB | ${verdict(js.ours.gzip <= 95 * 1024)} |`,
    `| all JS, gzip (raw) | ${kb(result.allJs.ours.gzip)} (${kb(result.allJs.ours.raw)}) | ${kb(result.allJs.peer.gzip)} (${kb(result.allJs.peer.raw)}) | ${(result.allJs.ours.gzip / result.allJs.peer.gzip).toFixed(2)}× | — | — |`,
    `| one session write / read | ${ms(result.encryption.ours.write)} / ${ms(result.encryption.ours.read)} | ${ms(result.encryption.peer.write)} / ${ms(result.encryption.peer.read)} | ${(result.encryption.ours.write / result.encryption.peer.write).toFixed(3)}× | ≤ 5 ms each | ${verdict(result.encryption.ours.write <= 5 && result.encryption.ours.read <= 5)} |`,
    `| ${result.cycles.total} sign-in/sign-out cycles (ours, one tab) | heap ${kb(result.cycles.after10.heapBytes)} after 10 → ${kb(result.cycles.afterAll.heapBytes)} (${heapGrowth >= 0 ? '+' : ''}${kb(heapGrowth)}); storage entries ${result.cycles.after10.storageEntries} → ${result.cycles.afterAll.storageEntries} | — | — | growth < 5 MB, entries 0 | ${verdict(heapGrowth < 5 * 2 ** 20 && result.cycles.afterAll.storageEntries === 0)} |`,
  );
  return lines.join('\n');
}

export function writeReport(result: BenchResult): string {
  const table = renderTable(result);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync('bench/results/latest.md', `# Benchmark: ours vs EnokiFlow\n\n${table}\n`);
  return table;
}
