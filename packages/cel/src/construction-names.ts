// The names constructions of untyped objects were written with (`Object.spec{...}` where no
// schema types `Object`, env/types.ts ConstructRegistry.lookup). Such values are all of the
// root type's class, which cel-js knows; the name each was written with is kept here, by
// value, for what upstream reads of it: the type name a patch's value is checked against
// (celTypeOf), and equality, which holds only between values of the same name (upstream's
// dynamic ObjectVal.Equal, k8s.io/apiserver/pkg/cel/mutation/dynamic/objects.go).
const names = new WeakMap<object, string>();

/** Gives a construction of an untyped object the name it was written with. */
export function nameConstruction(value: object, name: string): void {
  names.set(value, name);
}

/** The name a construction of an untyped object was written with, or undefined for any other value. */
export function constructionNameOf(value: object): string | undefined {
  return names.get(value);
}
