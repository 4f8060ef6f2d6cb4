import { it } from 'vitest';
import { CelEnvironment } from './env/environment.js';
import { admissionEnvironment } from './env/admission.js';

it('smoke', () => {
  const env = new CelEnvironment({ variables: [{ name: 'x', type: 'dyn' }] });
  const exprs = ['[1,2,3].all(x, x > 0)', '"abc".matches("^a")', '"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!".matches("(a+)+$")', '"x".matches("(")', '"😀abc".indexOf("a")', '[1,2,3].indexOf(2)', '"ÀB".lowerAscii()',
   '"%d-%s".format([1, "a"])', 'strings.quote("a\\"b")', 'sets.contains([1,2],[1])', 'quantity("1Gi").isGreaterThan(quantity("1000M"))', 'ip("10.0.0.1").family()', 'cidr("10.0.0.0/8").containsIP("10.1.2.3")', 'url("https://a.b:8080/x?y=1").getPort()', 'semver("1.2.3").isLessThan(semver("1.10.0"))', 'jsonpatch.escapeKey("a/b~c")', '[1,2].map(x, x * 2)', '{"a": 1}.all(k, k == "a")', '[1,2].all(i, v, i < v)', '[1,2].transformList(i, v, v * 10)', 'lists.range(3)', '[3,1,2].sort()', '[1,2,3].sum()', 'cel.bind(a, 2, a * a)', 'x.?y.orValue(1)', 'ip.isCanonical("127.0.0.1")', '[[1],[2]].flatten()', '"abc".reverse()', '"a.b.c".replace(".", "-", 1)', '"abc".charAt(1)', '"%.0f %.0f".format([2.5, 1.5])', '"abc".substring(1, 2)', '[1,2,3].exists_one(x, x == 2)', '[1,2,3].filter(x, x > 1)', 'has(x.y)'];
  for (const e of exprs) {
    const r = env.compile(e);
    if (!r.ok) { console.log(e, 'COMPILE', JSON.stringify(r.issues)); continue; }
    try { const v = r.program.evaluate({ x: { y: 2n } }); console.log(e, '=>', r.program.type, v); } catch (err) { console.log(e, 'EVAL', (err as Error).message); }
  }
  const adm = admissionEnvironment('matchCondition', {});
  for (const e of ['authorizer.group("apps").resource("deployments").check("create").allowed()', 'authorizer.requestResource.check("get").reason()', 'request.userInfo.username == "x"', 'object.metadata.name == "x"', 'variables.x']) {
    const r = adm.compile(e);
    if (!r.ok) { console.log(e, 'COMPILE', JSON.stringify(r.issues)); continue; }
    try { console.log(e, '=>', r.program.evaluate(adm.prepare({ object: { metadata: { name: 'x' } }, request: { userInfo: { username: 'x' }, resource: { resource: 'pods' } } }))); } catch (err) { console.log(e, 'EVAL', (err as Error).message); }
  }
});
