export { exportJsonSchemas, kindSchema, schemaFileName } from './export.js';
export type { ExportedSchema } from './export.js';
export { exportCustomSchemas, kubeconformFileName } from './custom.js';
