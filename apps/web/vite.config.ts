import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Whether evaluating the expression calls something (a function body is not evaluated by defining it). */
function calls(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(calls);
  if (!isNode(node)) return false;
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true;
  return Object.keys(node).some((key) => key !== 'type' && calls(node[key]));
}

/**
 * The web app calls operations by name (callOperation posts to /api/op/{name}); the schemas of their declarations in
 * contracts serve the server and the types. In the web build, contracts' top-level declarations change so that the
 * bundler can leave out what no page uses, and zod with it where a page validates nothing itself:
 * - `defineOperation({ name: 'X', ... })` becomes `{ name: 'X' }` (the web app never reads an operation's input or
 *   output schema at run time);
 * - every other initializer that calls something (zod's schema builders) is marked pure, so an unused schema goes.
 * Line numbers stay as they were (the source map maps each line to its line).
 */
function contractsForTheBrowser(): Plugin {
  const contracts = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
  return {
    name: 'portal:contracts-for-the-browser',
    apply: 'build',
    transform(code, id) {
      if (!id.startsWith(contracts)) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      for (const statement of (this.parse(code) as unknown as { body: Node[] }).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (!init || !calls(init)) continue;
          const original = code.slice(init.start, init.end);
          const callee = init.callee as Node | undefined;
          if (init.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'defineOperation') {
            const [definition] = init.arguments as Node[];
            const name = (definition?.properties as Node[] | undefined)?.find(
              (p) => (p.key as Node | undefined)?.name === 'name',
            );
            const value = (name?.value as Node | undefined)?.value;
            if (typeof value !== 'string') this.error(`defineOperation without a literal name in ${id}`);
            edits.push({
              start: init.start,
              end: init.end,
              text: `{ name: ${JSON.stringify(value)} }${original.replace(/[^\n]/g, '')}`,
            });
          } else {
            edits.push({ start: init.start, end: init.end, text: `/* @__PURE__ */ (() => (${original}))()` });
          }
        }
      }
      let result = code;
      for (const edit of edits.reverse()) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
      const lines = result.split('\n').length;
      return {
        code: result,
        map: { version: 3, sources: [id], names: [], mappings: ['AAAA', ...Array(lines - 1).fill('AACA')].join(';') },
      };
    },
  };
}

/**
 * The texts the sign-in page shows before the rest of en.json is fetched (loadAllTranslations): the app's own, the
 * sign-in form with its second factor and new-password steps, single sign-on's form and the forgotten-password link.
 * Every other signed-out page fetches all texts with its code.
 */
const SIGN_IN_TEXTS = [
  'app',
  'auth',
  'access.signIn',
  'access.mfa',
  'access.password',
  'sso.signIn',
  'sso.cancel',
  'passwordReset.forgotLink',
  'passwordReset.signInWithNew',
];

/** `virtual:sign-in-texts`: the SIGN_IN_TEXTS branches of en.json, so the first page carries no other text. */
function signInTexts(): Plugin {
  const id = 'virtual:sign-in-texts';
  const enJson = fileURLToPath(new URL('src/locales/en.json', import.meta.url));
  return {
    name: 'portal:sign-in-texts',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(loading) {
      if (loading !== `\0${id}`) return null;
      this.addWatchFile(enJson);
      const all = JSON.parse(readFileSync(enJson, 'utf8')) as Record<string, unknown>;
      const picked: Record<string, unknown> = {};
      for (const path of SIGN_IN_TEXTS) {
        // A branch ('auth') or one key of a branch ('access.signIn').
        const [branch = '', key] = path.split('.');
        const texts = all[branch] as Record<string, unknown> | undefined;
        const value = key === undefined ? texts : texts?.[key];
        if (value === undefined) this.error(`${path} is not in en.json`);
        picked[branch] = key === undefined ? value : { ...(picked[branch] as object | undefined), [key]: value };
      }
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

/**
 * React Router 7's package resolves to its development build under every condition (its issue #14102): the same code
 * with `ENABLE_DEV_WARNINGS = true`, so a production page kept the warnings' code and ran their checks (a console
 * warning for every address no route matches). The production build is the one the package ships beside it.
 */
function reactRouterProductionBuild(): string {
  const folder = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return join(folder, 'dist', 'production', 'index.mjs');
}

export default defineConfig(({ command }) => ({
  plugins: [react(), contractsForTheBrowser(), signInTexts(), precompress()],
  resolve: {
    alias: [
      // The embed library is bundled from its source, so the web build does not wait for its dist.
      { find: '@portal/embed', replacement: fileURLToPath(new URL('../../packages/embed/src/index.ts', import.meta.url)) },
      // Only the exact import: `react-router/dom` and the others keep the package's own resolution.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : []),
    ],
  },
  base: '/',
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // marked and DOMPurify only set themselves up when loaded: a page whose code merely passes by lib/markdown (a
      // barrel re-exporting a wizard, say) does not load them (26 KiB gzip) unless it renders markdown.
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/](marked|dompurify)[\\/]/.test(id) },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/keeper': 'http://localhost:8080' } },
}));
