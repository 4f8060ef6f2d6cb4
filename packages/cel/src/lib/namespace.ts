// Function namespaces such as `strings.quote(...)` and `sets.contains(...)`: the base
// parser reads them as method calls on an identifier, so each namespace is a constant of
// its own type and its functions are methods of that type.
import type { Environment } from '@marcbachmann/cel-js';

export function defineNamespace(env: Environment, name: string): string {
  const typeName = `platlint.ns.${name}`;
  const ctor = { [typeName]: class {} }[typeName] as new () => object;
  env.registerType(typeName, { ctor, fields: {} });
  env.registerConstant(name, typeName, new ctor());
  return typeName;
}
