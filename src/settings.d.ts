/** The configuration vite.config.ts made from the settings it checked at build time (see configTemplate). */
declare const __SIGN_IN_CONFIG__: import('./config.ts').ConfigTemplate;
/**
 * Whether this build signs in through a window (VITE_SIGN_IN_MODE=popup). A build-time
 * constant, so that a redirect build carries none of the window's code.
 */
declare const __POPUP_MODE__: boolean;
/**
 * Whether this page may attach the Stately inspector: the dev server, or a build made with
 * VITE_INSPECT=true. A build-time constant, so that any other build carries none of it.
 */
declare const __INSPECTOR__: boolean;
