import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { parseAllDocuments, Parser, Composer } from 'yaml';
const files = execSync("find /work/shared/corpus/realworld -name '*.yaml' -o -name '*.yml'").toString().trim().split('\n');
const texts = files.map((f) => readFileSync(f, 'utf8'));
function cpu(fn) { const s = process.cpuUsage(); fn(); const e = process.cpuUsage(s); return ((e.user + e.system) / 1000).toFixed(0); }
for (let r = 0; r < 5; r++) {
  const full = cpu(() => { for (const t of texts) parseAllDocuments(t); });
  const cst = cpu(() => { for (const t of texts) { for (const tok of new Parser().parse(t)) {} } });
  const comp = cpu(() => { for (const t of texts) { const c = new Composer(); for (const d of c.compose(new Parser().parse(t))) {} } });
  console.log({ full, cst, comp });
}
