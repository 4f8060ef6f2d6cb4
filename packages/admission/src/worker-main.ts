// The admission worker's own entry: the webhook's worker threads start from the bundle built
// from this file (packages/admission/scripts/bundle.mjs), not from the CLI's.
import { runAdmissionWorkerIfAsked } from './server/admission-worker.js';

if (!runAdmissionWorkerIfAsked()) {
  process.stderr.write(
    'platlint: this is the admission worker of `platlint serve`; it runs as one of its threads, not on its own\n',
  );
  process.exitCode = 2;
}
