import { it } from 'vitest';
import { admissionEnvironment, lazyToCel, toCel } from './index.js';
it('deep', () => {
  for (const depth of [2000, 20000]) {
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let i = 0; i < depth; i++) { const n = {}; deep.a = n; deep = n; }
    const object = { data: top };
    const env = admissionEnvironment('matchCondition');
    for (const expr of ['object.data.a.a == 1', 'object.data == object.data', 'string(object.data) == ""', 'object.data.exists(k, k == "z")']) {
      const c = env.compile(expr) as any;
      if (!c.ok) { console.log('compile', c.issues); continue; }
      for (const conv of [lazyToCel, toCel]) {
        const t = Date.now();
        try { console.log(depth, expr, conv.name, c.program.evaluate({ object: conv(object) }, { timeoutMs: 20000 }), Date.now() - t); } catch (e: any) { console.log(depth, expr, conv.name, 'ERR', e?.constructor?.name, e?.code, String(e?.message).slice(0, 200), Date.now() - t); }
      }
    }
  }
}, 120000);
