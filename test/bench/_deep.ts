import { SourceFile } from '../../packages/core/src/source/source-file.js';
for (const n of [1000, 5000, 20000]) {
  const f = SourceFile.fromText('deep.yaml', `${'['.repeat(n)}${']'.repeat(n)}\n`);
  console.log(n, f.diagnostics.map((d) => d.ruleId + ' ' + d.message.slice(0, 100)));
}
