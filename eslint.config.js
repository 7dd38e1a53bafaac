// Lint rules: typed TypeScript, React hooks, and the one-way import layers of docs/product.md §13.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A server module's public face: the only files of it that another module may import. Everything
 * else in a module is its own business; a module without an entry here shows only its service.
 * (docs/code-layout.md says why each extra file is public.)
 */
const serverModuleFaces = {
  // access: the guards every module's routes declare; session-cookie: how a request carries its
  // session (the web module renders only for visitors without one); security-log: the one log of
  // security events, which an administrator's role changes join; reading-app-access: the guards of
  // reading apps' routes (feeds, streamed pages, downloads).
  auth: ['service.ts', 'access.ts', 'session-cookie.ts', 'security-log.ts', 'reading-app-access.ts'],
  cart: ['service.ts', 'wire.ts'],
  // selections: the columns and averages other modules' queries select, so an issue reads the same everywhere;
  // importing: an imported archive's issue written whole, with the pages its caller attaches.
  catalog: ['service.ts', 'wire.ts', 'selections.ts', 'importing.ts'],
  // The mail module is its outbox (a mail queued in the caller's transaction) and the mails it knows.
  mail: ['outbox.ts', 'account-mails.ts', 'new-issue.ts', 'order-confirmation.ts'],
  // cover-art: the generated covers' addresses; images: the one image pipeline (sharp).
  media: ['service.ts', 'cover-art.ts', 'images.ts'],
  // The payment gateway interface, whichever gateway (Stripe, sandbox) is configured.
  payments: ['gateway.ts'],
};
const serverModules = readdirSync('apps/server/src/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleBorders = serverModules.map((name) => ({
  target: serverModules.filter((other) => other !== name).map((other) => `./apps/server/src/modules/${other}`),
  from: `./apps/server/src/modules/${name}`,
  except: (serverModuleFaces[name] ?? ['service.ts']).map((file) => `./${file}`),
  message: `Another module reaches ${name} only through its public face (serverModuleFaces in eslint.config.js).`,
}));

const layerZones = [
  // web: app → features → shared; features never import each other's insides.
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
  },
  // server: routes → service → repository → db; the database layer knows no module.
  { target: './apps/server/src/db', from: './apps/server/src/modules' },
  // platform pieces (http, logging, cache, storage, cluster, limits) know no module.
  { target: './apps/server/src/platform', from: './apps/server/src/modules' },
  // development-only code (src/dev) is reached only from the composition root, app.ts.
  { target: './apps/server/src/modules', from: './apps/server/src/dev' },
  // shared code is used by both apps and imports neither.
  { target: './packages/shared', from: ['./apps', './e2e'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      '**/.test-bundle-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] },
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    // Module borders hold for the server's code; its tests may set up a world through any module.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...moduleBorders] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
