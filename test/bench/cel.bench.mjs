// Compile and evaluation throughput of @platlint/cel against the bare base library.
// Build first: npx tsc -b packages/cel && node test/bench/cel.bench.mjs
import { Environment } from '@marcbachmann/cel-js';
import { admissionEnvironment, claimsEnvironment, toCel } from '../../packages/cel/dist/index.js';

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
    template: { metadata: { labels: { app: 'web', team: 'a' } }, spec: { containers: [{ name: 'app', image: 'registry.plat.io/web:1.2.3' }, { name: 'log', image: 'busybox' }] } },
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
    bare: '[{"op": "add", "path": "/metadata/labels", "value": {}}, {"op": "add", "path": "/metadata/labels/" + "plat.io~1owner", "value": object.metadata.name}, {"op": "replace", "path": "/spec/replicas", "value": object.spec.replicas + 1}]',
  },
  {
    name: 'claim mapping',
    ours: claimsEnvironment('username'),
    expr: 'claims.email_verified == true ? "oidc:" + claims.email : "oidc:" + claims.sub',
    activation: { claims },
  },
];

function bareEnvironment() {
  return new Environment({ homogeneousAggregateLiterals: false, enableOptionalTypes: true })
    .registerVariable('object', 'dyn')
    .registerVariable('claims', 'map<string, dyn>');
}

function opsPerSecond(fn, ms = 300) {
  for (let i = 0; i < 200; i++) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
    now = performance.now();
  }
  return (n * 1000) / (now - start);
}

const fmt = (x) => Math.round(x).toLocaleString('en-US').padStart(11);
console.log(`${'case'.padEnd(22)} ${'compile ours'.padStart(12)} ${'bare'.padStart(11)} ${'ratio'.padStart(6)}   ${'eval ours'.padStart(11)} ${'bare'.padStart(11)} ${'ratio'.padStart(6)}`);
const ratios = { compile: [], evaluate: [] };
for (const c of cases) {
  const raw = c.activation ?? { object };
  const bareExpr = c.bare ?? c.expr;
  const bare = bareEnvironment();
  // Both sides get their activation prepared once, as a webhook does per request.
  const oursActivation = c.ours.prepare(raw);
  const bareActivation = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, toCel(v)]));
  const compiled = c.ours.compile(c.expr);
  if (!compiled.ok) throw new Error(`${c.name}: ${JSON.stringify(compiled.issues)}`);
  const program = compiled.program;
  const bareProgram = bare.parse(bareExpr);
  if (!bareProgram.check().valid) throw new Error(`${c.name}: bare check failed`);
  program.evaluate(oursActivation);
  bareProgram(bareActivation);

  const compileOurs = opsPerSecond(() => c.ours.compile(c.expr));
  const compileBare = opsPerSecond(() => bare.parse(bareExpr).check());
  const evalOurs = opsPerSecond(() => program.evaluate(oursActivation));
  const evalBare = opsPerSecond(() => bareProgram(bareActivation));
  const rc = compileBare / compileOurs;
  const re = evalBare / evalOurs;
  ratios.compile.push(rc);
  ratios.evaluate.push(re);
  console.log(`${c.name.padEnd(22)} ${fmt(compileOurs)} ${fmt(compileBare)} ${rc.toFixed(2).padStart(6)}   ${fmt(evalOurs)} ${fmt(evalBare)} ${re.toFixed(2).padStart(6)}`);
}
const geo = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
console.log(`\nratio = time ours / time bare (ops/s bare ÷ ops/s ours); geometric mean: compile ${geo(ratios.compile).toFixed(2)}×, evaluate ${geo(ratios.evaluate).toFixed(2)}× (targets: ≤ 2×, ≤ 1.5×)`);
