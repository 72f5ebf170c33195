/** The settings vite.config.ts checked at build time (see configFromSettings). */
declare const __SIGN_IN_SETTINGS__: import('./config.ts').Settings;
