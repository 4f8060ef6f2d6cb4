// Where the webhook's admission worker threads start: the launcher of the admission worker's
// bundle, packages/admission/dist/worker.mjs (built from worker-main.ts by
// packages/admission/scripts/bundle.mjs, shipped in the npm package).
//
// This module runs from one of: the sources (packages/admission/src/), tsc's output
// (packages/admission/dist/), or a bundle whose `import.meta.url` is its launcher's
// (packages/cli/dist/platlint.mjs: scripts/bundle-node.mjs defines it so). Each sits two
// levels below `packages/`, so one relative URL finds the worker from all of them.
export function admissionWorkerEntry(): URL {
  return new URL('../../admission/dist/worker.mjs', import.meta.url);
}
