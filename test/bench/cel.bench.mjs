// Compile and evaluation throughput of @platlint/cel against the bare base library.
// Build first: npx tsc -b packages/cel && node test/bench/cel.bench.mjs
import { Environment } from '@marcbachmann/cel-js';
import { admissionEnvironment, claimsEnvironment, fromCel, toCel } from '../../packages/cel/dist/index.js';

const str = { type: 'string' };
const labels = { type: 'object', additionalProperties: str };
const container = { type: 'object', properties: { name: str, image: str, args: { type: 'array', items: str } } };
const schema = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: { type: 'object', properties: { name: str, generateName: str, namespace: str, labels, annotations: labels } },
    spec: {
      type: 'object',
      properties: {
        replicas: { type: 'integer' },
        selector: { type: 'object', properties: { matchLabels: labels } },
        template: {
          type: 'object',
          properties: {
            metadata: { type: 'object', properties: { labels } },
            spec: { type: 'object', properties: { containers: { type: 'array', items: container }, serviceAccountName: str } },
          },
        },
      },
    },
  },
};

const object = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'prod' },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web', team: 'a' } },
      spec: {
        containers: [
          { name: 'app', image: 'registry.plat.io/web:1.2.3' },
          { name: 'log', image: 'busybox' },
        ],
      },
    },
  },
};
const claims = { sub: '1234', email: 'dev@example.com', email_verified: true, groups: ['dev', 'ops'] };

// Each case: our environment and expression, and the closest expression the bare library can run.
const cases = [
  {
    name: 'label check',
    ours: admissionEnvironment('matchCondition', { objectSchema: schema }),
    expr: 'object.spec.template.metadata.labels["team"] == "a" && object.metadata.name.startsWith("we")',
  },
  {
    name: 'has() chain',
    ours: admissionEnvironment('matchCondition', { objectSchema: schema }),
    expr: 'has(object.spec.template.spec) && has(object.spec.template.spec.containers) && object.spec.template.spec.containers.all(c, c.image.startsWith("registry.plat.io/") || c.name == "log")',
  },
  {
    name: 'apply configuration',
    ours: admissionEnvironment('applyConfiguration', { objectSchema: schema }),
    expr: 'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "proxy", image: "proxy:1", args: ["--port", string(object.spec.replicas)]}]}}}}',
    bare: '{"spec": {"template": {"spec": {"containers": [{"name": "proxy", "image": "proxy:1", "args": ["--port", string(object.spec.replicas)]}]}}}}',
  },
  {
    name: 'JSON patch list',
    ours: admissionEnvironment('jsonPatch', { objectSchema: schema }),
    expr: '[JSONPatch{op: "add", path: "/metadata/labels", value: {}}, JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("plat.io/owner"), value: object.metadata.name}, JSONPatch{op: "replace", path: "/spec/replicas", value: object.spec.replicas + 1}]',
    bare: '[{"op": "add", "path": "/metadata/labels", "value": {}}, {"op": "add", "path": "/metadata/labels/" + jsonpatch.escapeKey("plat.io/owner"), "value": object.metadata.name}, {"op": "replace", "path": "/spec/replicas", "value": object.spec.replicas + 1}]',
  },
  {
    name: 'claim mapping',
    ours: claimsEnvironment('username'),
    expr: 'claims.email_verified == true ? "oidc:" + claims.email : "oidc:" + claims.sub',
    activation: { claims },
  },
];

// The bare library gets the same `jsonpatch.escapeKey` our environments have, declared
// the way its documentation allows (a namespace constant whose type carries the method),
// so both sides evaluate the same call.
class JsonPatchNamespace {}
const escapeKey = (_ns, k) => (k.includes('~') || k.includes('/') ? k.replaceAll('~', '~0').replaceAll('/', '~1') : k);

function withLibraries(env) {
  return env
    .registerType('bench.JsonPatch', { ctor: JsonPatchNamespace, fields: {} })
    .registerConstant('jsonpatch', 'bench.JsonPatch', new JsonPatchNamespace())
    .registerFunction('bench.JsonPatch.escapeKey(string): string', escapeKey)
    .registerVariable('claims', 'map<string, dyn>');
}

// `object` as dyn: the cheapest setup the bare library has.
function bareEnvironment() {
  return withLibraries(new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true })).registerVariable(
    'object',
    'dyn',
  );
}

// `object` typed by the same schema, as message types of the bare library: its checker
// then resolves every field access against declared fields, as ours does.
function typedBareEnvironment() {
  const env = withLibraries(new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true }));
  const typeOf = (s, name) => {
    if (s.type === 'object' && s.properties) {
      const fields = {};
      for (const [k, f] of Object.entries(s.properties)) fields[k] = typeOf(f, `${name}.${k}`);
      env.registerType(name, { fields });
      return name;
    }
    if (s.type === 'object') return `map<string, ${typeOf(s.additionalProperties, name)}>`;
    if (s.type === 'array') return `list<${typeOf(s.items, name)}>`;
    return { string: 'string', integer: 'int', number: 'double', boolean: 'bool' }[s.type] ?? 'dyn';
  };
  return env.registerVariable('object', typeOf(schema, 'bench.Object'));
}

// CPU time of the process, so that time lost to other processes on a shared machine
// does not count against either side.
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function opsPerSecond(fn, ms) {
  for (let i = 0; i < 100; i++) fn();
  let n = 0;
  const start = cpuNow();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
    now = cpuNow();
  }
  return (n * 1000) / (now - start);
}

const ROUNDS = Number(process.env.CEL_BENCH_ROUNDS ?? 5);
const SLICE_MS = Number(process.env.CEL_BENCH_MS ?? 120);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const prepared = cases.map((c) => {
  const raw = c.activation ?? { object };
  const bareExpr = c.bare ?? c.expr;
  const bare = bareEnvironment();
  const typed = typedBareEnvironment();
  // Both sides get their activation prepared once, as a webhook does per request.
  const oursActivation = c.ours.prepare(raw);
  const bareActivation = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, toCel(v)]));
  const compiled = c.ours.compile(c.expr);
  if (!compiled.ok) throw new Error(`${c.name}: ${JSON.stringify(compiled.issues)}`);
  const program = compiled.program;
  const bareProgram = bare.parse(bareExpr);
  if (!bareProgram.check().valid) throw new Error(`${c.name}: bare check failed`);
  if (!typed.parse(bareExpr).check().valid)
    throw new Error(`${c.name}: typed bare check failed: ${typed.parse(bareExpr).check().error}`);
  if (JSON.stringify(fromCel(program.evaluate(oursActivation))) !== JSON.stringify(fromCel(bareProgram(bareActivation)))) {
    throw new Error(`${c.name}: the two sides compute different results`);
  }
  return {
    name: c.name,
    compileOurs: () => c.ours.compile(c.expr),
    compileBare: () => bare.parse(bareExpr).check(),
    compileTyped: () => typed.parse(bareExpr).check(),
    evalOurs: () => program.evaluate(oursActivation),
    evalBare: () => bareProgram(bareActivation),
  };
});

// Rounds interleave the two sides so that drift in machine load hits both; each ratio is
// the median over the rounds.
const samples = prepared.map(() => ({
  compileOurs: [],
  compileBare: [],
  compileTyped: [],
  evalOurs: [],
  evalBare: [],
  rc: [],
  rt: [],
  re: [],
}));
for (let round = 0; round < ROUNDS; round++) {
  prepared.forEach((p, i) => {
    const s = samples[i];
    const co = opsPerSecond(p.compileOurs, SLICE_MS);
    const cb = opsPerSecond(p.compileBare, SLICE_MS);
    const ct = opsPerSecond(p.compileTyped, SLICE_MS);
    const eo = opsPerSecond(p.evalOurs, SLICE_MS);
    const eb = opsPerSecond(p.evalBare, SLICE_MS);
    s.compileOurs.push(co);
    s.compileBare.push(cb);
    s.compileTyped.push(ct);
    s.evalOurs.push(eo);
    s.evalBare.push(eb);
    s.rc.push(cb / co);
    s.rt.push(ct / co);
    s.re.push(eb / eo);
  });
}

const fmt = (x) => Math.round(x).toLocaleString('en-US').padStart(10);
const r2 = (x) => x.toFixed(2).padStart(6);
console.log(
  `${'case'.padEnd(20)} ${'compile ours'.padStart(12)} ${'bare dyn'.padStart(10)} ${'typed'.padStart(10)} ${'×dyn'.padStart(6)} ${'×typed'.padStart(6)}   ${'eval ours'.padStart(10)} ${'bare'.padStart(10)} ${'×'.padStart(6)}`,
);
const ratios = { compile: [], typed: [], evaluate: [] };
prepared.forEach((p, i) => {
  const s = samples[i];
  const [rc, rt, re] = [median(s.rc), median(s.rt), median(s.re)];
  ratios.compile.push(rc);
  ratios.typed.push(rt);
  ratios.evaluate.push(re);
  console.log(
    `${p.name.padEnd(20)} ${fmt(median(s.compileOurs)).padStart(12)} ${fmt(median(s.compileBare))} ${fmt(median(s.compileTyped))} ${r2(rc)} ${r2(rt)}   ${fmt(median(s.evalOurs))} ${fmt(median(s.evalBare))} ${r2(re)}`,
  );
});
const geo = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(
  `\nops per CPU second, medians of ${ROUNDS} interleaved rounds; × = time ours / time bare. Geometric means: compile ${geo(ratios.compile).toFixed(2)}× (bare dyn), ${geo(ratios.typed).toFixed(2)}× (bare typed); evaluate ${geo(ratios.evaluate).toFixed(2)}× (targets: compile ≤ 2×, evaluate ≤ 1.5×)`,
);

// CEL_BENCH_FLOOR=1: how much of a construction compile the base parser alone costs when it
// reads our rewritten text, against the bare side's whole compile (evidence for NOTES.md).
if (process.env.CEL_BENCH_FLOOR) {
  const { rewriteConstructions } = await import('../../packages/cel/dist/syntax/construct.js');
  const { tokenize } = await import('../../packages/cel/dist/syntax/lexer.js');
  const micros = (fn) => 1e6 / median(Array.from({ length: 5 }, () => opsPerSecond(fn, 300)));
  for (const c of cases.filter((x) => x.bare)) {
    const bare = bareEnvironment();
    const rewritten = rewriteConstructions(c.expr, tokenize(c.expr)).text;
    const whole = micros(() => bare.parse(c.bare).check());
    const parseOurs = micros(() => bare.parse(rewritten));
    const rewrite = micros(() => rewriteConstructions(c.expr, tokenize(c.expr)));
    console.log(
      `${c.name}: bare parse+check ${whole.toFixed(2)} µs; base parse of our rewritten text ${parseOurs.toFixed(2)} µs (${(parseOurs / whole).toFixed(2)}×); our tokenize+rewrite ${rewrite.toFixed(2)} µs`,
    );
  }
}
