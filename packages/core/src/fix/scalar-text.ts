import { parse } from 'yaml';
import { yamlOptions } from '../source/yaml-schema.js';

// Characters that end or split a plain scalar in some context (inside a flow collection, or
// before a comment), and indicators that cannot start one.
const UNSAFE_IN_PLAIN = /[,[\]{}#]|: |^[\s!&*|>'"%@`?:-]|\s$/;

function readsBackAs(text: string): boolean {
  if (text === '' || UNSAFE_IN_PLAIN.test(text) || text.includes('\n')) return false;
  try {
    return parse(text, yamlOptions) === text;
  } catch {
    return false;
  }
}

/**
 * The YAML text that replaces a string scalar (written as `source`, quotes included) with
 * the string `text`. A quoted scalar keeps its quote style; a plain one stays plain when
 * the new text reads back as the same string (so `on`, `1.0` or `[::1]:4317` are quoted,
 * which would otherwise change type or break the file). A value that is not a string
 * (a number a fix rewrites) is written as given.
 */
export function stringScalarText(source: string, current: unknown, text: string): string {
  if (typeof current !== 'string') return text;
  if (source.startsWith("'")) return `'${text.replace(/'/g, "''")}'`;
  if (!source.startsWith('"') && readsBackAs(text)) return text;
  return JSON.stringify(text);
}
