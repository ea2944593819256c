// @ts-check
/**
 * Lint: typescript-eslint recommended + the import-direction rules of DESIGN.md § Layout, enforced by the small
 * local rule `observa/layers` below (resolves each relative import and checks which layer it lands in):
 *   src/shared   imports nothing outside src/shared
 *   src/server   never imports src/client or sw
 *   src/client   never imports src/server or sw
 *   src/client/db, src/client/sync  never import React or other client folders (they run in the service worker)
 *   src/client/features/<a>  never imports src/client/features/<b>
 *   sw           imports only src/shared, src/client/db, src/client/sync
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';

const root = path.resolve('.');

/** @param {string} file */
function rel(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/**
 * @param {string} from repo-relative path of the importing file
 * @param {string} to repo-relative path of the imported file, or a bare package name
 * @param {boolean} bare
 * @returns {string | null} why the import is not allowed
 */
function violation(from, to, bare) {
  const feature = (/** @type {string} */ p) => /^src\/client\/features\/([^/]+)\//.exec(p)?.[1];
  if (from.startsWith('src/shared/')) {
    if (bare) return to === 'zod' || to.startsWith('zod/') ? null : 'src/shared may import only zod';
    return to.startsWith('src/shared/') ? null : 'src/shared imports nothing outside itself';
  }
  if (from.startsWith('src/server/')) {
    if (!bare && (to.startsWith('src/client/') || to.startsWith('sw/'))) return 'src/server never imports client or sw';
    return null;
  }
  if (from.startsWith('src/client/db/') || from.startsWith('src/client/sync/')) {
    if (bare) return /^(react|react-dom|@mantine|@tanstack)/.test(to) ? 'db/sync run in the service worker: no React or UI' : null;
    if (to.startsWith('src/shared/') || to.startsWith('src/client/db/') || to.startsWith('src/client/sync/')) return null;
    return 'src/client/db and src/client/sync import only src/shared and each other';
  }
  if (from.startsWith('src/client/')) {
    if (!bare && (to.startsWith('src/server/') || to.startsWith('sw/'))) return 'src/client never imports server or sw';
    const a = feature(from);
    const b = bare ? undefined : feature(to);
    if (a && b && a !== b) return `feature "${a}" must not import feature "${b}"; compose them in a route`;
    return null;
  }
  if (from.startsWith('sw/')) {
    if (bare) return /^(react|react-dom|@mantine|@tanstack)/.test(to) ? 'sw has no React or UI' : null;
    if (to.startsWith('src/shared/') || to.startsWith('src/client/db/') || to.startsWith('src/client/sync/') || to.startsWith('sw/')) return null;
    return 'sw imports only src/shared, src/client/db and src/client/sync';
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = rel(context.filename);
    /** @param {any} node */
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const spec = node.source.value;
      const bare = !spec.startsWith('.') && !spec.startsWith('/');
      const to = bare ? spec : rel(path.resolve(path.dirname(context.filename), spec));
      const why = violation(from, to, bare);
      if (why) context.report({ node: node.source, message: `Import "${spec}": ${why}.` });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/client/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', '.tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { observa: { rules: { layers: layersRule } } },
    rules: {
      'observa/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
);
