export { run, USAGE } from './commands.js';
export type { Io } from './commands.js';
