// The 'web' test project (listed by the root vitest.config.ts): component tests in happy-dom,
// with the app's Vite settings (React plugin, `@/` alias).
import { defineProject, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false }),
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      // Files share each worker's loaded modules (React, the router, Bootstrap's components): a
      // fresh module graph per file cost five times the tests' own time. Each test still gets a
      // clean DOM, storage and globals (setup.ts); module mocks live in setup.ts for every file.
      isolate: false,
    },
  }),
);
