// The top of a V8 CPU profile (`node --cpu-prof`, or test/bench/webhook.bench.mjs --profile):
// self time per function, and the inclusive time of the functions named with --focus, as
// shares of the samples. Plain text, so a profile taken on a server can be read without a browser.
//
//   node test/bench/profile-summary.mjs FILE.cpuprofile [--top 40] [--focus name1,name2]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, focus: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: node test/bench/profile-summary.mjs FILE.cpuprofile [--top 40] [--focus name1,name2]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (n) => {
  const f = n.callFrame;
  return `${f.functionName || '(anonymous)'} ${f.url ? `${basename(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
};
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const total = profile.samples.length;
const idle = [...hits].filter(([id]) => nodes.get(id).callFrame.functionName === '(idle)').reduce((s, [, c]) => s + c, 0);
const busy = total - idle;

const self = new Map();
for (const [id, count] of hits) {
  const key = where(nodes.get(id));
  self.set(key, (self.get(key) ?? 0) + count);
}
const pct = (count) => `${((100 * count) / busy).toFixed(1).padStart(5)} %`;
console.log(`${positionals[0]}: ${total} samples, ${busy} not idle; shares of the busy samples`);
console.log('\nself time');
for (const [key, count] of [...self]
  .filter(([k]) => !k.startsWith('(idle)'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(values.top)))
  console.log(`${pct(count)}  ${key}`);

// Inclusive time: a sample counts once for every distinct function name on its stack.
if (values.focus) {
  const wanted = values.focus.split(',');
  const inclusive = new Map(wanted.map((w) => [w, 0]));
  for (const [id, count] of hits) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const name = nodes.get(n).callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name) + count);
      }
    }
  }
  console.log('\ninclusive time');
  for (const [name, count] of inclusive) console.log(`${pct(count)}  ${name}`);
}
