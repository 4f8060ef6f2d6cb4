// scannedSpan (block-scan.ts) answers for a field only where its span is the one the syntax
// tree gives (cst-locate.ts locateInCst): checked here against the tree for fields of every
// document SourceFile.locate asks it about, on the real-world corpus and the examples, a
// generated corpus, seeded mutations of the real files, and the constructs below.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { scannedSpan } from './block-scan.js';
import { locateInCst } from './cst-locate.js';
import type { PathSegment } from './field-path.js';
import { withLineFeeds } from './line-breaks.js';
import { SourceFile } from './source-file.js';
import { mutate, random } from '../testing/mutations.js';
import { writeGeneratedCorpus } from '../../../../test/generated-corpus.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Fields checked per document at most: the first ones, then an even spread of the rest. */
const FIELDS_PER_DOCUMENT = 80;

interface Tally {
  asked: number;
  answered: number;
  disagreements: string[];
}

/** Every path of a value (map keys and list indices), depth first, up to a bound. */
function pathsOf(value: unknown, at: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  if (out.length >= 5_000 || value === null || typeof value !== 'object') return out;
  const entries: [PathSegment, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  for (const [segment, child] of entries) {
    out.push([...at, segment]);
    pathsOf(child, [...at, segment], out);
  }
  return out;
}

function sample<T>(all: T[]): T[] {
  if (all.length <= FIELDS_PER_DOCUMENT) return all;
  const step = all.length / (FIELDS_PER_DOCUMENT - 20);
  return [...all.slice(0, 20), ...Array.from({ length: FIELDS_PER_DOCUMENT - 20 }, (_, i) => all[Math.floor(i * step)] as T)];
}

/** The documents of a text that SourceFile.locate asks scannedSpan about, each field compared with the tree. */
function check(name: string, raw: string, tally: Tally): void {
  const file = SourceFile.fromText(name, raw);
  const text = withLineFeeds(raw);
  for (const doc of file.documents) {
    if (doc.broken || !(doc.composedBy === 'loader' || (doc.composedBy === 'fast' && file.diagnostics.length === 0))) continue;
    // js-yaml keeps keys whose value is null, which the decoded value leaves out.
    let value: unknown = doc.value;
    try {
      value = load(text.slice(doc.start, doc.end)) ?? doc.value;
    } catch {
      // The decoded value's paths, then.
    }
    const paths = sample(pathsOf(value));
    paths.push(['no-such-field'], [...(paths[0] ?? []), 'no-such-field'], [...(paths.at(-1) ?? []), 7]);
    for (const path of paths)
      for (const target of ['key', 'value'] as const) {
        tally.asked++;
        const span = scannedSpan(text, doc.start, doc.end, path, target);
        if (!span) continue;
        tally.answered++;
        const tree = locateInCst(doc.cst, path, target);
        if (tree.start !== span.start || tree.end !== span.end || !tree.exact)
          tally.disagreements.push(
            `${name}#${doc.index} ${JSON.stringify(path)} ${target}: scanned ${JSON.stringify(span)}, tree ${JSON.stringify(tree)} ` +
              JSON.stringify(text.slice(span.start, span.end)) +
              ' / ' +
              JSON.stringify(text.slice(tree.start, tree.end)),
          );
      }
  }
}

function realFiles(): { name: string; text: string }[] {
  return ['test/corpus/realworld', 'examples'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()
      .map((f) => ({ name: join(dir, f), text: readFileSync(join(root, dir, f), 'utf8') })),
  );
}

describe('scannedSpan gives the syntax tree’s span wherever it answers', () => {
  it.each([
    ['a plain value and its key', 'a:\n  b: c   # note\n  d: e\n', ['a', 'b']],
    ['a quoted key', 'a:\n  "b c": d\n', ['a', 'b c']],
    ['a single-quoted value', "a:\n  b: 'it''s'\n", ['a', 'b']],
    ['a double-quoted value over lines', 'a:\n  b: "one\n    two"\n  c: d\n', ['a', 'b']],
    ['a flow collection over lines', 'a:\n  b: [x,\n    y]\n', ['a', 'b']],
    ['a flow mapping', 'a:\n  b: {x: 1}\n', ['a', 'b']],
    ['a list item', 'a:\n  - x\n  - "y"\n', ['a', 1]],
    ['a list at its key’s column', 'a:\n- x\n- y\n', ['a', 0]],
    ['a mapping in a list item', 'a:\n  - name: x\n    image: y\n', ['a', 0, 'image']],
    ['a list in a list', '- - a\n  - b\n- c\n', [0, 1]],
    ['an alias', 'a: &x 1\nb: *x\n', ['b']],
    ['a CRLF line', 'a:\r\n  b: c\r\n', ['a', 'b']],
    ['a document after another', 'x: 1\n---\na:\n  b: c\n', ['a', 'b']],
    ['a null value', 'a:\n  b: null\n  c: ~\n', ['a', 'c']],
  ])('%s', (_, text, path) => {
    const tally: Tally = { asked: 0, answered: 0, disagreements: [] };
    check('case', text, tally);
    expect(tally.disagreements).toEqual([]);
    const file = SourceFile.fromText('case', text);
    const doc = file.documents.at(-1)!;
    expect(scannedSpan(withLineFeeds(text), doc.start, doc.end, path as PathSegment[], 'value')).toBeDefined();
  });

  it.each([
    ['a block scalar', 'a:\n  b: |\n    text\n', ['a', 'b']],
    ['a plain scalar over lines', 'a:\n  b: one\n    two\n', ['a', 'b']],
    ['a collection', 'a:\n  b:\n    c: d\n', ['a', 'b']],
    ['an anchored value', 'a:\n  b: &x c\n', ['a', 'b']],
    ['a path through a flow collection', 'a: {b: c}\n', ['a', 'b']],
    ['a path that is not there', 'a:\n  b: c\n', ['a', 'x']],
    ['a repeated key later on', 'a:\n  b: c\n  b: d\n', ['a', 'b']],
    ['a tab further down', 'a:\n  b: c\n  d:\te\n', ['a', 'b']],
  ])('leaves %s to the tree', (_, text, path) => {
    const file = SourceFile.fromText('case', text);
    const doc = file.documents[0]!;
    expect(scannedSpan(withLineFeeds(text), doc.start, doc.end, path as PathSegment[], 'value')).toBeUndefined();
  });

  it('on every real-world file and example', () => {
    const tally: Tally = { asked: 0, answered: 0, disagreements: [] };
    for (const { name, text } of realFiles()) check(name, text, tally);
    expect(tally.disagreements.slice(0, 5)).toEqual([]);
    expect(tally.answered).toBeGreaterThan(tally.asked * 0.5);
  }, 300_000);

  it('on a generated corpus (600 documents, seed 42)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scanned-span-'));
    dirs.push(dir);
    const tally: Tally = { asked: 0, answered: 0, disagreements: [] };
    for (const file of writeGeneratedCorpus(dir, 600)) check(file, readFileSync(join(dir, file), 'utf8'), tally);
    expect(tally.disagreements.slice(0, 5)).toEqual([]);
    expect(tally.answered).toBeGreaterThan(tally.asked * 0.5);
  }, 300_000);

  it('on 1,500 seeded mutations of the real files', () => {
    const real = realFiles();
    const next = random(Number(process.env.FUZZ_SEED ?? 20261128));
    const tally: Tally = { asked: 0, answered: 0, disagreements: [] };
    for (let n = 0; n < 1_500; n++) {
      const { name, text } = real[Math.floor(next() * real.length)]!;
      let mutated = text.slice(0, 6_000);
      for (let edits = 1 + Math.floor(next() * 2); edits > 0; edits--) mutated = mutate(mutated, next);
      check(`mutation ${n} of ${name}`, mutated, tally);
    }
    expect(tally.disagreements.slice(0, 5)).toEqual([]);
    expect(tally.answered).toBeGreaterThan(10_000);
  }, 300_000);
});
