import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import type { Formatter } from './report.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export const formatters: Record<string, Formatter> = { stylish, json, sarif, junit, github };
export type { Formatter, Report, Summary } from './report.js';
export { summarize } from './report.js';
