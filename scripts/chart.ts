/**
 * npm run chart: writes docs/sign-in-machine.md and docs/sign-in-machine.svg from the
 * machine definition. A test (src/devtools/chart.test.ts) fails when they drift.
 */
import { writeFile } from 'node:fs/promises';
import { CHART_FILES, generateChart } from '../src/devtools/chart.ts';

const chart = await generateChart();
await writeFile(CHART_FILES.markdown, chart.markdown);
await writeFile(CHART_FILES.svg, chart.svg);
console.log(`wrote ${CHART_FILES.markdown} and ${CHART_FILES.svg}`);
