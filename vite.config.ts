/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { builtInMocks } from './mocks/vite-plugin.ts';
import { connectSourcesFor, contentSecurityPolicy } from './vite-plugins/content-security-policy.ts';

// Headers for every page the dev and preview servers send. The token must never leak
// through a Referer, whatever page the visitor goes to next.
const SECURITY_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  // Built-in mode is on exactly when no login-service key is configured.
  const builtIn = !env.VITE_ENOKI_API_KEY?.trim();
  return {
    plugins: [
      react(),
      builtInMocks({ enabled: builtIn && mode !== 'test', network: env.VITE_SUI_NETWORK || 'testnet' }),
      contentSecurityPolicy({ connectSources: connectSourcesFor(env) }),
    ],
    server: { headers: SECURITY_HEADERS, port: 5173 },
    preview: { headers: SECURITY_HEADERS, port: 4173 },
    // The statechart panel's chunk (elkjs) is large on purpose and loads only when opened.
    build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 1600 },
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'mocks/**/*.test.ts'],
      environment: 'node',
      setupFiles: ['./vitest.setup.ts'],
    },
  };
});
