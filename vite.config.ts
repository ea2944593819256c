import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (≥ 1 KB), once, at the highest
 * levels: the server (@fastify/static `preCompressed`) then sends them without compressing per request.
 * Runs after the service worker is built (VitePWA's closeBundle), so sw.js is compressed too. The precache
 * manifest names only the plain files, which is what the browser's cache stores.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'observa-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(path.resolve(outDir))) {
          if (!compressible.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Moves the app's stylesheets from <head> to just before <div id="root">. In <head> they block the first paint of
 * the whole page; in <body> only what follows them waits, so the static first screen of index.html (before
 * them) paints as soon as the HTML arrives. They stay before #root, so the styles React renders inside it (the
 * theme's CSS variables) still override them. The app's module scripts run only after the stylesheets have
 * loaded (deferred scripts wait for pending parser-inserted stylesheets), so React never renders unstyled.
 */
function stylesheetsAfterFirstPaint(): Plugin {
  return {
    name: 'observa-stylesheets-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const rest = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (tag) => {
          links.push(tag.trim());
          return '';
        });
        if (!links.length) return html;
        if (!rest.includes('<div id="root">')) throw new Error('index.html has no <div id="root">');
        return rest.replace('<div id="root">', `${links.join('\n    ')}\n    <div id="root">`);
      },
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // dist/client/.vite/manifest.json: which module each chunk was built from. tests/bench/bundle-size.ts reads it to
    // tell a route's chunk (the first screen) from a feature's lazy chunk that happens to be imported from the entry.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries the entry imports statically go into one chunk: the first paint needs all of them, and
        // the default splitting cut them into ~30 files of a few hundred bytes each, each one more request (and
        // on HTTP/1.1, six at a time, one more round trip) before the login screen can paint. Our own modules
        // keep the default splitting, so what the app imports lazily (the sync engine, charts, PDF) stays lazy.
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] }] },
      },
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'] },
      manifest: {
        name: 'Observa — Teaching Observations',
        short_name: 'Observa',
        description: 'Observe, evaluate and improve teaching practices.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    stylesheetsAfterFirstPaint(),
    precompress('dist/client'),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
