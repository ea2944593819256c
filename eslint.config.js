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
 * Inside src/server (routes → write → services → data):
 *   routes/, plugins/, http/    the HTTP edge: may import anything in the server
 *   write/                      the write path: never imports routes/ or plugins/
 *   services/, sync/, seed/     rules and reads: never import the HTTP edge or the write path, nor a driver
 *                               package (pg, @electric-sql/pglite): only db/ talks to the drivers
 *   db/, storage/               data: import only each other (and config.ts)
 * And `observa/no-cycle`: no import cycle anywhere (type-only imports count: a type cycle is a cycle too).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import fs from 'node:fs';
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
    return serverViolation(from, to, bare);
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

/**
 * @param {string} from
 * @param {string} to
 * @param {boolean} bare
 * @returns {string | null}
 */
function serverViolation(from, to, bare) {
  const layer = (/** @type {string} */ p) => /^src\/server\/([^/.]+)\//.exec(p)?.[1] ?? 'root';
  const a = layer(from);
  const edge = ['routes', 'plugins', 'http'];
  if (['services', 'sync', 'seed'].includes(a)) {
    if (bare) return /^(pg|@electric-sql\/pglite)(\/|$)/.test(to) ? `${a}/ never uses a database driver directly; go through db/` : null;
    const b = layer(to);
    if (edge.includes(b) || b === 'write') return `${a}/ never imports the HTTP edge or the write path (${b}/)`;
    if (to === 'src/server/app.ts') return `${a}/ never imports the app`;
    return null;
  }
  if (a === 'write' && !bare) {
    const b = layer(to);
    if (b === 'routes' || b === 'plugins') return `write/ never imports ${b}/`;
  }
  if ((a === 'db' || a === 'storage') && !bare) {
    const b = layer(to);
    if (!['db', 'storage'].includes(b) && to.replace(/\.js$/, '') !== 'src/server/config' && !to.startsWith('src/shared/')) return `${a}/ is the data layer: it imports only db/, storage/, config.ts and src/shared`;
  }
  return null;
}

/** Relative imports of every source file, read once per lint run, for the cycle rule. */
/** @type {Map<string, { spec: string, to: string }[]> | null} */
let graph = null;

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** @param {string} file @param {string} spec */
function resolveImport(file, spec) {
  const base = path.resolve(path.dirname(file), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of [...sources(path.join(root, 'src')), ...sources(path.join(root, 'sw'))]) {
    const text = fs.readFileSync(file, 'utf8');
    const edges = [];
    for (const m of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const to = resolveImport(file, m[1]);
      if (to) edges.push({ spec: m[1], to });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Files on an import cycle, with the import that leads back into it (Tarjan's strongly connected components). */
/** @type {Map<string, string> | null} */
let onCycle = null;
function cycles() {
  if (onCycle) return onCycle;
  const g = importGraph();
  onCycle = new Map();
  let index = 0;
  /** @type {Map<string, number>} */ const idx = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const on = new Set();
  /** @param {string} v */
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const { to } of g.get(v) ?? []) {
      if (!idx.has(to)) {
        visit(to);
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(to))));
      } else if (on.has(to)) low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (idx.get(to))));
    }
    if (low.get(v) === idx.get(v)) {
      /** @type {string[]} */ const scc = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      const selfLoop = (g.get(v) ?? []).some((e) => e.to === v);
      if (scc.length > 1 || selfLoop) for (const f of scc) onCycle?.set(f, scc.map(rel).sort().join(' → '));
    }
  };
  for (const v of g.keys()) if (!idx.has(v)) visit(v);
  return onCycle;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycleRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename);
    return {
      Program(node) {
        const members = cycles().get(file);
        if (!members) return;
        const cycleFiles = new Set(members.split(' → '));
        const back = (importGraph().get(file) ?? []).find((e) => cycleFiles.has(rel(e.to)));
        context.report({ node, message: `Import cycle through ${back?.spec ?? 'this file'}: ${members}.` });
      },
    };
  },
};

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
    plugins: { observa: { rules: { layers: layersRule, 'no-cycle': noCycleRule } } },
    rules: {
      'observa/layers': 'error',
      'observa/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
);
