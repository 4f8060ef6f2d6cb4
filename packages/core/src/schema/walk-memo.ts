import { FileMemo } from '../lint/file-memo.js';
import type { SchemaNode } from './tree.js';

/**
 * The answers of one walk of lint values alongside their schema, kept per value: several rules
 * (and core's stages) ask the same question of one object, and a walk runs on every object of
 * a run. Lint values are not mutated, so an answer holds for the value's life; a value is
 * asked about with one schema (its kind's), so only the last schema's answer is kept, which
 * costs one small record per value where a map of schemas per value cost a table. Answers are
 * kept while the value's file is linted (FileMemo says why).
 *
 * Pass `walk` as a function made once (not a new closure per call): it is called only when
 * the value has no answer for `node` yet.
 */
export class WalkMemo<T> {
  readonly #last = new FileMemo<object, { node: SchemaNode; answer: T }>();

  answer(value: object, node: SchemaNode, walk: (value: object, node: SchemaNode) => T): T {
    const last = this.#last.get(value);
    if (last?.node === node) return last.answer;
    const answer = walk(value, node);
    this.#last.set(value, { node, answer });
    return answer;
  }
}
