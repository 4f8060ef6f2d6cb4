import { describe, expect, it } from 'vitest';
import { CelEnvironment } from './env/environment.js';

describe('smoke', () => {
  it('works', () => {
    const schema = { type: 'object', properties: { metadata: { type: 'object', properties: { name: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string' } } } }, spec: { type: 'object', properties: { replicas: { type: 'integer' }, template: { type: 'object', properties: { spec: { type: 'object', properties: { containers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, image: { type: 'string' } } } } } } } } } } } } as const;
    const env = new CelEnvironment({ variables: [{ name: 'object', schema }], construct: schema, result: { types: ['Object'], describe: 'Object' } });
    const r = env.compile('Object{spec: Object.spec{replicas: object.spec.replicas + 1, template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "x"}]}}}}');
    console.log(JSON.stringify(r.issues));
    if (r.ok) console.log(r.program.evaluate(env.prepare({ object: { spec: { replicas: 2 } } })));
    const r2 = env.compile('Object{spec: Object.spec{replicas: "a"}}');
    console.log(JSON.stringify(r2.issues));
    const r3 = env.compile('Object{spec: Object.spec{replicax: 1}}');
    console.log(JSON.stringify(r3.issues));
    const r4 = env.compile('object.spec.template.spec.containers.all(c, c.name == "a")');
    console.log(JSON.stringify(r4.issues));
    expect(1).toBe(1);
  });
});
