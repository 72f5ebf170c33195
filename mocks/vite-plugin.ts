/**
 * Mounts the built-in services on Vite's dev server (npm start) and preview server, in
 * built-in mode only, so that no extra process or step is needed.
 */
import type { Plugin } from 'vite';
import { BUILT_IN_API_KEY, BUILT_IN_MOCK_PATH } from '../src/config.ts';
import { createMockServices } from './mock-services.ts';

export function builtInMocks(options: { enabled: boolean; network?: string }): Plugin {
  const services = options.enabled
    ? createMockServices({
        basePath: BUILT_IN_MOCK_PATH,
        loginServicePath: '/enoki',
        apiKey: BUILT_IN_API_KEY,
        network: options.network,
      })
    : undefined;
  return {
    name: 'zklogin-built-in-mocks',
    configureServer(server) {
      if (services) server.middlewares.use(services.middleware);
    },
    configurePreviewServer(server) {
      if (services) server.middlewares.use(services.middleware);
    },
  };
}
