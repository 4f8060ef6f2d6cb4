// Public entry of @platlint/language-server: the server, and the JSON Schema export that
// `platlint schema` writes.
export { startServer } from './server.js';
export type { ServerOptions } from './server.js';
export { exportJsonSchemas, kindSchema, schemaFileName } from './schema-export.js';
export type { ExportedSchema } from './schema-export.js';
