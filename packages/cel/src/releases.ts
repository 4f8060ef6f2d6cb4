// Which CEL libraries the platform enables at which release: the one table the linter's
// `release` setting selects from (NOTES.md shows the same table). The platform builds its
// environments per release; an expression that calls a library newer than the release it
// is compiled for fails to compile there.
import type { ASTNode } from '@marcbachmann/cel-js';

export interface CelLibrary {
  /** Name used in messages and NOTES.md. */
  name: string;
  /** First release whose environments include the library ("1.0": always there). */
  since: string;
  /** Global or method calls the library adds (names as written in expressions). */
  calls?: readonly string[];
  /** Namespaces the library adds (`format.dns1123Label()`, `math.least()`). */
  namespaces?: readonly string[];
  /** Comprehension macros in their two-variable form (arity of 3 or more with a receiver). */
  twoVariable?: readonly string[];
}

/** The newest release this package implements; everything below is on there. */
export const LATEST_RELEASE = '1.37';
/** From this release the platform validates duration, timestamp and regex literals and format strings at compile time. */
export const LITERAL_VALIDATION_RELEASE = '1.29';

export const CEL_LIBRARIES: readonly CelLibrary[] = [
  {
    name: 'CEL standard library, strings extension v0, URLs, regex, lists (isSorted, sum, min, max, indexOf, lastIndexOf)',
    since: '1.0',
  },
  { name: 'authorizer', since: '1.27' },
  { name: 'optional types', since: '1.28', namespaces: ['optional'], calls: ['orValue', 'or', 'hasValue', 'value'] },
  { name: 'quantity', since: '1.28', calls: ['quantity', 'isQuantity'] },
  { name: 'strings extension v2', since: '1.29', calls: ['format', 'quote', 'reverse'], namespaces: ['strings'] },
  { name: 'sets extension', since: '1.29', namespaces: ['sets'] },
  { name: 'compile-time checks of duration, timestamp and regex literals and format strings', since: LITERAL_VALIDATION_RELEASE },
  { name: 'IP and CIDR', since: '1.30', calls: ['ip', 'cidr', 'isIP', 'isCIDR'] },
  { name: 'named formats', since: '1.31', namespaces: ['format'] },
  {
    name: 'two-variable comprehensions',
    since: '1.32',
    calls: ['transformList', 'transformMap', 'transformMapEntry'],
    twoVariable: ['all', 'exists', 'existsOne', 'exists_one'],
  },
  { name: 'semver', since: '1.33', calls: ['semver', 'isSemver'] },
  { name: 'image references', since: '1.33', calls: ['image', 'isImage'] },
  { name: 'lists library v1 (includes)', since: '1.37', calls: ['includes'] },
  {
    name: 'lists extension (sortBy, slice, flatten, distinct, first, last, sort, lists.range)',
    since: '1.37',
    calls: ['sortBy', 'slice', 'flatten', 'distinct', 'first', 'last', 'sort'],
    namespaces: ['lists'],
  },
  {
    name: 'optional library v1 (optMap, optFlatMap, ofNonZeroValue)',
    since: '1.37',
    calls: ['optMap', 'optFlatMap', 'ofNonZeroValue'],
  },
  { name: 'math extension', since: '1.37', namespaces: ['math'] },
  { name: 'quantity arithmetic (mul, div, divInt)', since: '1.37', calls: ['mul', 'div', 'divInt'] },
];

function parseRelease(r: string): [number, number] {
  const [major = '0', minor = '0'] = r.split('.');
  return [Number(major), Number(minor)];
}

/** Whether release `a` is older than release `b`. */
export function releaseBefore(a: string, b: string): boolean {
  const [am, an] = parseRelease(a);
  const [bm, bn] = parseRelease(b);
  return am < bm || (am === bm && an < bn);
}

/** The libraries on at a release. */
export function librariesAt(release: string): CelLibrary[] {
  return CEL_LIBRARIES.filter((l) => !releaseBefore(release, l.since));
}

export interface ReleaseIssue {
  library: CelLibrary;
  node: ASTNode;
  name: string;
}

/** The first call of a library the release does not have, if any. */
export function releaseIssue(root: ASTNode, release: string): ReleaseIssue | null {
  const missing = CEL_LIBRARIES.filter((l) => releaseBefore(release, l.since));
  if (missing.length === 0) return null;
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (let i = n.length - 1; i >= 0; i--) stack.push(n[i]);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const node = n as ASTNode;
    const args = node.args as unknown;
    if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(args) && typeof args[0] === 'string') {
      const name = args[0];
      const receiver = node.op === 'rcall' ? (args[1] as ASTNode) : undefined;
      const namespace = receiver?.op === 'id' ? (receiver.args as unknown as string) : undefined;
      const arity = node.op === 'rcall' ? (args[2] as unknown[]).length : (args[1] as unknown[]).length;
      for (const lib of missing) {
        const hit =
          lib.calls?.includes(name) ||
          (namespace !== undefined && lib.namespaces?.includes(namespace)) ||
          (node.op === 'rcall' && arity >= 3 && lib.twoVariable?.includes(name));
        if (hit)
          return { library: lib, node, name: namespace && lib.namespaces?.includes(namespace) ? `${namespace}.${name}` : name };
      }
    }
    if (args && typeof args === 'object') stack.push(args);
  }
  return null;
}
