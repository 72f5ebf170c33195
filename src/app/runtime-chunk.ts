/**
 * The sign-in code's chunk (sign-in-runtime.ts), by itself: the boot asks for it first
 * thing on a page with a session or a callback (src/early-load.ts), else the browser's
 * idle time does; the machine's operations over it are lazy-operations.ts's.
 *
 * Only the chunk's handle is here, on purpose: the boot evaluates this module before React,
 * so whatever it holds or imports sits at the far end of the first page's script from the
 * machine, and gzip shares words only within 32 KB. With the operations, their names and
 * XState's import here, XState came before React too: beside the machine instead, they
 * made the first page some 400 bytes of gzip smaller (`npm run bundle-report`).
 */
import { lazyModule } from '../lazy-module.ts';

export const runtimeModule = lazyModule(() => import('./sign-in-runtime.ts'));
