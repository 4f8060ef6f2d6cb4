// Public entry of @platlint/language-server: the server.
export { startServer } from './server.js';
export type { ServerOptions } from './server.js';
