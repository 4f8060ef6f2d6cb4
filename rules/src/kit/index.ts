// The rule kit: what every rule area shares, in one place. A rule imports from the module it
// needs (`../kit/objects.js`, ...) or from here; the kit imports core and cel only, never a rule
// (test/layering.test.ts checks that; test/rule-kit.test.ts that no area defines a helper under
// a name the kit exports).
//
// - objects.ts    loose readers of a manifest: Obj, isObject, objAt, stringAt, intAt, listAt, objectsIn, forEachObject, countSet, isSet, ...
// - paths.ts      field paths for reports, a pod template's spec and containers with their paths,
//                 and the fieldPath grammar of x-kubernetes-validations
// - selectors.ts  label selectors: core's evaluation and term checks, the walk over terms
// - quantities.ts resource quantities (core's parser and arithmetic), per-name totals, resource-name facts
// - names.ts      DNS labels and subdomains, port names, `..` in file paths, and core's `formats`
// - cel.ts        CEL in manifests: the compile issues the server refuses, a token's place in the file
export * from './objects.js';
export * from './paths.js';
export * from './selectors.js';
export * from './quantities.js';
export * from './names.js';
export * from './cel.js';
