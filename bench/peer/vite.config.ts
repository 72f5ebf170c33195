import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The peer app, built for production like ours. Environment comes from bench/run.ts.
export default defineConfig({
  root: 'bench/peer',
  envDir: '../..',
  plugins: [react()],
  build: { outDir: '../../dist-bench-peer', emptyOutDir: true, target: 'es2022' },
});
