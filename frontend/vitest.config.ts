import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The SPA's unit tests run through the app's own Vite config (its plugins and the proto alias),
// in happy-dom, whose fetch and XMLHttpRequest resolve the API's relative paths as a page does.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      reporters: ['default', './src/test/summary-reporter.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
