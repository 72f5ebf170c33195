/** The settings vite.config.ts checked at build time (see configFromSettings). */
declare const __SIGN_IN_SETTINGS__: import('./config.ts').Settings;
/**
 * Whether this build signs in through a window (VITE_SIGN_IN_MODE=popup). A build-time
 * constant, so that a redirect build carries none of the window's code.
 */
declare const __POPUP_MODE__: boolean;
