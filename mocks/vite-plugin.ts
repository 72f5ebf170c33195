/**
 * Mounts the built-in services on Vite's dev server (npm start) and preview server, in
 * built-in mode only, so that no extra process or step is needed.
 *
 * The dev server follows its own settings (`devServer`). The preview follows the build it
 * serves, never the shell it starts in: it mounts them only in front of a build whose
 * marker says built-in (vite-plugins/build-marker.ts). A real-mode build previewed from a
 * shell without a key, or a build with no marker, gets no mock identity provider (which
 * signs a token for anyone).
 */
import type { Plugin } from 'vite';
import { BUILT_IN_API_KEY, BUILT_IN_MOCK_PATH } from '../packages/sui-zklogin-wallet/src/config.ts';
import { servedBuildMarker } from '../vite-plugins/build-marker.ts';
import { createMockServices } from './mock-services.ts';

const mockServices = (network: string) =>
  createMockServices({ basePath: BUILT_IN_MOCK_PATH, loginServicePath: '/enoki', apiKey: BUILT_IN_API_KEY, network });

export function builtInMocks(options: { devServer: boolean; network: string }): Plugin {
  return {
    name: 'zklogin-built-in-mocks',
    configureServer(server) {
      if (options.devServer) server.middlewares.use(mockServices(options.network).middleware);
    },
    configurePreviewServer(server) {
      const marker = servedBuildMarker(server.config);
      if (marker?.builtIn) return void server.middlewares.use(mockServices(marker.network).middleware);
      // Not found, rather than the page (the preview's fallback for any other path): the
      // mocks are plainly absent, not answered by the app.
      server.middlewares.use(BUILT_IN_MOCK_PATH, (_request, response) => {
        response.statusCode = 404;
        response.end();
      });
    },
  };
}
