// The README's first command ends here: lint the bundled examples through the real CLI.
// Valid examples must come out without errors; invalid ones must be caught (exit 1).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = `${root}packages/cli/bin/platlint.js`;
const run = (dir, cwd = root) => spawnSync(process.execPath, [cli, 'lint', dir], { cwd, stdio: 'inherit' }).status;

console.log('platlint lint examples/valid');
const valid = run('examples/valid');
console.log('\nplatlint lint examples/invalid');
const invalid = run('examples/invalid');
// The OpenAPI set is linted from its own directory, whose platlint.config.yaml names its documents.
const openapi = `${root}examples/openapi`;
console.log('\n(cd examples/openapi && platlint lint valid)');
const openapiValid = run('valid', openapi);
console.log('\n(cd examples/openapi && platlint lint invalid)');
const openapiInvalid = run('invalid', openapi);
if (valid !== 0 || invalid !== 1 || openapiValid !== 0 || openapiInvalid !== 1) {
  console.error(
    `\nexamples: expected exit 0 for valid/ and 1 for invalid/, got ${valid} and ${invalid} (openapi/: ${openapiValid} and ${openapiInvalid})`,
  );
  process.exit(1);
}
console.log('\nexamples: valid/ is clean and every mistake in invalid/ was caught.');
