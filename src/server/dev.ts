/**
 * `npm run dev`: the API server on PORT (default 3000) and the Vite dev server on 5173 (hot reload), which
 * proxies /api to the API server (vite.config.ts). Ctrl-C stops both.
 */
import { createServer } from 'vite';
import { main } from './main.js';

const api = await main({ ...process.env, PORT: process.env.PORT ?? '3000', CLIENT_DIR: process.env.CLIENT_DIR ?? '/nonexistent' });
const apiPort = Number(process.env.PORT ?? 3000);
const vite = await createServer({
  server: { port: 5173, strictPort: true, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
});
await vite.listen();
vite.printUrls();
// main() handles SIGINT/SIGTERM: it closes the API and exits the process, which ends the Vite server too.
void api;
