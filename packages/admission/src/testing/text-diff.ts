// A unified line diff for showing expected and actual objects (as YAML) side by side in a
// test failure or in `platlint mutate --diff`. Longest common subsequence on lines, which
// is plenty for objects of a few hundred lines.

export interface DiffLabels {
  from: string;
  to: string;
}

type Line = { op: ' ' | '-' | '+'; text: string };

function lineOps(a: readonly string[], b: readonly string[]): Line[] {
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: common lines of a[i..] and b[j..].
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const below = lcs[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--)
      row[j] = a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
  }
  const out: Line[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: ' ', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) {
      out.push({ op: '-', text: a[i++] as string });
    } else {
      out.push({ op: '+', text: b[j++] as string });
    }
  }
  while (i < n) out.push({ op: '-', text: a[i++] as string });
  while (j < m) out.push({ op: '+', text: b[j++] as string });
  return out;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A unified diff with `context` lines around each change; empty when the texts agree. */
export function unifiedDiff(
  from: string,
  to: string,
  labels: DiffLabels = { from: 'expected', to: 'actual' },
  context = 3,
): string {
  const a = splitLines(from);
  const b = splitLines(to);
  const ops = lineOps(a, b);
  if (ops.every((o) => o.op === ' ')) return '';
  const out = [`--- ${labels.from}`, `+++ ${labels.to}`];
  // Positions (1-based) in both texts before each op, for the hunk headers.
  const at: { a: number; b: number }[] = [];
  let ai = 1;
  let bi = 1;
  for (const o of ops) {
    at.push({ a: ai, b: bi });
    if (o.op !== '+') ai++;
    if (o.op !== '-') bi++;
  }
  let k = 0;
  while (k < ops.length) {
    if (ops[k]?.op === ' ') {
      k++;
      continue;
    }
    let start = Math.max(0, k - context);
    let end = k;
    // Extend the hunk while changes are closer than twice the context.
    for (;;) {
      while (end < ops.length && ops[end]?.op !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next]?.op === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    if (start < 0) start = 0;
    const hunk = ops.slice(start, stop);
    const first = at[start] as { a: number; b: number };
    const countA = hunk.filter((o) => o.op !== '+').length;
    const countB = hunk.filter((o) => o.op !== '-').length;
    out.push(`@@ -${first.a},${countA} +${first.b},${countB} @@`);
    for (const o of hunk) out.push(`${o.op}${o.text}`);
    k = stop;
  }
  return `${out.join('\n')}\n`;
}
