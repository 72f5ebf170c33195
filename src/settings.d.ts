/** The configuration vite.config.ts made from the settings it checked at build time (see configTemplate). */
declare const __SIGN_IN_CONFIG__: import('./config.ts').ConfigTemplate;
/**
 * Whether this page may attach the Stately inspector: the dev server, or a build made with
 * VITE_INSPECT=true. A build-time constant, so that any other build carries none of it.
 */
declare const __INSPECTOR__: boolean;
