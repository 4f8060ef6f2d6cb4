// Registers CEL message types derived from structural schemas: read types for variables
// such as `object` (lazily converted wrappers), and construction types (`Object`,
// `Object.spec`, ...) for apply configurations, plus the `__new` macro that the
// construction rewrite targets.
import type { ASTNode, Environment, TypeDeclaration } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { CONSTRUCT_MACRO } from '../syntax/construct.js';
import { celEquals } from '../lib/compare.js';
import { defineMacro, type Checker } from '../lib/macro.js';
import { mapValueSchema, shapeOf, type StructuralSchema } from '../schema.js';
import { nameConstruction } from '../construction-names.js';
import { isCelNull, toCel, wrapperClassFor } from '../values.js';

function scalarType(s: StructuralSchema | undefined): string {
  switch (shapeOf(s)) {
    case 'int':
      return 'int';
    case 'double':
      return 'double';
    case 'bool':
      return 'bool';
    case 'quantity':
      return 'string';
    case 'string':
      return s?.format === 'date-time' ? 'google.protobuf.Timestamp' : 'string';
    default:
      return 'dyn';
  }
}

interface Namer {
  nameFor(node: StructuralSchema, path: string): string;
  ctorFor(node: StructuralSchema, name: string): new (...a: never[]) => unknown;
  convertFor?(node: StructuralSchema): ((v: unknown) => unknown) | undefined;
}

/** Registers the message types of a schema tree; `registered` is told each type's name once it is. */
function registerTree(
  env: Environment,
  root: StructuralSchema,
  rootPath: string,
  namer: Namer,
  done: Map<StructuralSchema, string> | null,
  registered: (name: string) => void,
): string {
  const inProgress = new Set<StructuralSchema>();
  const visit = (s: StructuralSchema | undefined, path: string): string => {
    switch (shapeOf(s)) {
      case 'struct': {
        const node = s as StructuralSchema;
        const known = done?.get(node);
        if (known) return known;
        if (inProgress.has(node)) return 'dyn';
        inProgress.add(node);
        const name = namer.nameFor(node, path);
        const fields: Record<string, string> = {};
        for (const [k, fs] of Object.entries(node.properties ?? {})) fields[k] = visit(fs, `${path}.${k}`);
        inProgress.delete(node);
        const convert = namer.convertFor?.(node);
        env.registerType(
          name,
          convert ? { ctor: namer.ctorFor(node, name), fields, convert } : { ctor: namer.ctorFor(node, name), fields },
        );
        registered(name);
        done?.set(node, name);
        return name;
      }
      case 'map':
        return `map<string, ${visit(mapValueSchema(s as StructuralSchema), path)}>`;
      case 'list':
        return `list<${visit((s as StructuralSchema).items, path)}>`;
      default:
        return scalarType(s);
    }
  };
  return visit(root, rootPath);
}

// CEL lets any message be compared with null (`oldObject == null` is how a policy tells
// CREATE apart) and with a message of its own type, field by field (`object == oldObject`,
// two `JSONPatch` values), but the base library declares `==` for messages only through
// overloads. `T == null` also declares `null == T` and both `!=` forms
// (registry.binaryOverload). The operator signature parser accepts only `[\w.]` in type
// names; a type named after a property with other characters cannot be declared, and
// comparing it stays a type error.
const OPERATOR_TYPE_NAME = /^[\w.]+$/;
function allowNullComparison(env: Environment, name: string): void {
  if (!OPERATOR_TYPE_NAME.test(name)) return;
  env.registerOperator(`${name} == null`, isNull);
  env.registerOperator(`${name} == ${name}`, messageEquals);
}

// Messages are equal when both are null or when they set the same fields to equal values.
function messageEquals(a: unknown, b: unknown): boolean {
  const na = isCelNull(a);
  const nb = isCelNull(b);
  if (na || nb) return na && nb;
  return celEquals(a, b);
}

// The left operand is always the message (the reversed overloads swap arguments back).
function isNull(value: unknown): boolean {
  return isCelNull(value);
}

/** Register read types for a variable typed by `schema`; returns the variable's CEL type. */
export function registerReadTypes(
  env: Environment,
  schema: StructuralSchema,
  rootName: string,
  done: Map<StructuralSchema, string>,
): string {
  // The convert hook lets callers pass raw JSON for schema-typed variables.
  const convertFor = (node: StructuralSchema) => (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? toCel(v, node) : undefined;
  return registerTree(
    env,
    schema,
    rootName,
    { nameFor: (_n, path) => path, ctorFor: (node) => wrapperClassFor(node), convertFor },
    done,
    (name) => allowNullComparison(env, name),
  );
}

// Values built by `Object{...}` and `JSONPatch{...}`; a class per type name so the base
// library can tell the types apart at run time.
class ConstructedObject extends Map<string, unknown> {
  static celType = 'Object';
}

export interface ConstructType {
  name: string;
  schema: StructuralSchema;
  ctor: new () => ConstructedObject;
  /** The name a construction of an untyped object was written with (see ConstructRegistry.lookup). */
  writtenAs?: string;
}

export class ConstructRegistry {
  readonly types = new Map<string, ConstructType>();
  #dynamicRoot: ConstructType | undefined;
  // The message types registered, in order, for allowComparison.
  readonly #registered: string[] = [];
  // Type names of the expression being compiled, indexed by the rewritten `__new` calls;
  // set before each parse (compiles are synchronous, so one table per environment serves).
  pending: readonly string[] = [];
  pendingOptional: readonly (readonly number[] | undefined)[] = [];

  /** Positions of the fields marked optional in the construction with this index. */
  optionalFieldsOf(arg: unknown): readonly number[] {
    return typeof arg === 'bigint' ? (this.pendingOptional[Number(arg)] ?? []) : [];
  }

  typeNameOf(arg: unknown): string {
    if (typeof arg === 'bigint') return this.pending[Number(arg)] ?? '';
    return typeof arg === 'string' ? arg : '';
  }

  // Without a kind schema (broad match, and admission time, as upstream) every `Object...`
  // name is an untyped object. Its values keep the name they were built with (writtenAs,
  // which celTypeOf reads) so that the engine can check it against the field path it ends up
  // under, as upstream does when it evaluates; for the checker and for cel-js they are all
  // the root type. Of the root's class, not a class per name: cel-js dispatches on the
  // value's class (`in`, `dyn`, comparisons), and refuses one it was not given.
  lookup(name: string): ConstructType | undefined {
    const known = this.types.get(name);
    const root = this.#dynamicRoot;
    if (known || !root || !name.startsWith('Object.')) return known;
    const named: ConstructType = { ...root, writtenAs: name };
    this.types.set(name, named);
    return named;
  }

  register(env: Environment, schema: StructuralSchema, rootName: string): string {
    if (shapeOf(schema) !== 'struct') {
      const open: StructuralSchema = { type: 'object', properties: {}, 'x-kubernetes-preserve-unknown-fields': true };
      const ctor = class extends ConstructedObject {
        static override celType = rootName;
      };
      // No field list: any field may be read (as dyn) and tested with has(), as upstream's
      // dynamic Object type allows; two such objects of one written name compare field by field.
      env.registerType(rootName, { ctor });
      this.#registered.push(rootName);
      this.#dynamicRoot = { name: rootName, schema: open, ctor, writtenAs: rootName };
      this.types.set(rootName, this.#dynamicRoot);
      return rootName;
    }
    // Named by field path, not by schema node: a node shared by two paths (ObjectMeta)
    // is two construction types, as upstream names them.
    return registerTree(
      env,
      schema,
      rootName,
      {
        nameFor: (_node, path) => path,
        ctorFor: (node, name) => {
          const ctor = class extends ConstructedObject {
            static override celType = name;
          };
          this.types.set(name, { name, schema: node, ctor });
          return ctor;
        },
      },
      null,
      (name) => this.#registered.push(name),
    );
  }

  /**
   * Declare `==` and `!=` between the construction types and with null, on an environment
   * above the one they were registered in. Apart from register, since only the expressions
   * that compare need them and each costs as many checks as there are `==` overloads already.
   */
  allowComparison(env: Environment): void {
    for (const name of this.#registered) allowNullComparison(env, name);
  }
}

export const JSON_PATCH_SCHEMA: StructuralSchema = {
  type: 'object',
  properties: {
    op: { type: 'string' },
    path: { type: 'string' },
    from: { type: 'string' },
    value: { 'x-kubernetes-preserve-unknown-fields': true },
  },
};

function describe(t: TypeDeclaration): string {
  return t.name;
}

// Why a value of type `t` cannot be stored in a field with schema `s` (or null if it can).
// `want` (the construction type a struct field expects) is built only for struct fields.
function incompatibility(s: StructuralSchema | undefined, t: TypeDeclaration, want: () => string): string | null {
  if (t.kind === 'dyn' || t.kind === 'param' || t.name === 'null') return null;
  const shape = shapeOf(s);
  switch (shape) {
    case 'dyn':
      return null;
    case 'struct': {
      if (t.kind === 'message') {
        const expected = want();
        return t.name === expected ? null : `${t.name} does not match the field path, expected ${expected}`;
      }
      return t.kind === 'map' ? null : `expected ${want()}, got ${describe(t)}`;
    }
    case 'map':
      return t.kind === 'map' ? null : `expected a map, got ${describe(t)}`;
    case 'list': {
      if (t.kind !== 'list') return `expected a list, got ${describe(t)}`;
      const elem = t.valueType;
      return elem ? incompatibility((s as StructuralSchema).items, elem, want) : null;
    }
    case 'int':
      return t.name === 'int' || t.name === 'uint' ? null : `expected int, got ${describe(t)}`;
    case 'double':
      return ['int', 'uint', 'double'].includes(t.name) ? null : `expected double, got ${describe(t)}`;
    case 'bool':
      return t.name === 'bool' ? null : `expected bool, got ${describe(t)}`;
    case 'int-or-string':
      return t.name === 'int' || t.name === 'string' ? null : `expected int or string, got ${describe(t)}`;
    case 'quantity':
      return ['int', 'double', 'string'].includes(t.name) ? null : `expected a quantity string, got ${describe(t)}`;
    case 'string':
      if (t.name === 'string') return null;
      if (s?.format === 'date-time' && t.name === 'google.protobuf.Timestamp') return null;
      return `expected string, got ${describe(t)}`;
    default:
      return null;
  }
}

interface Construct {
  typeName: string;
  entries: [string, ASTNode, boolean][];
  type: ConstructType | undefined;
}

export function installConstructMacro(env: Environment, registry: ConstructRegistry): void {
  defineMacro<Construct>(env, { name: CONSTRUCT_MACRO, arity: 2, receiver: false }, (call) => {
    const [nameNode, body] = call.args as [ASTNode, ASTNode];
    const entries: [string, ASTNode, boolean][] = [];
    const optional = nameNode.op === 'value' ? registry.optionalFieldsOf(nameNode.args) : [];
    if (body.op === 'map') {
      // Keys are bare names (`id`) from the rewrite, or strings where a name cannot be one.
      let i = 0;
      for (const [k, v] of body.args)
        entries.push([
          (k.op === 'id' || k.op === 'value') && typeof k.args === 'string' ? k.args : '',
          v,
          optional.includes(i++),
        ]);
    }
    return {
      typeName: nameNode.op === 'value' ? registry.typeNameOf(nameNode.args) : '',
      entries,
      type: undefined,
      typeCheck(chk: Checker, self, scope) {
        const type = registry.lookup(self.typeName);
        if (!type) throw chk.createError('unknown_type', `unknown type ${self.typeName}`, nameNode);
        self.type = type;
        const props = type.schema.properties ?? {};
        const open = type.schema['x-kubernetes-preserve-unknown-fields'];
        const pairs = body.op === 'map' ? body.args : [];
        for (let i = 0; i < pairs.length; i++) {
          const pair = pairs[i] as [ASTNode, ASTNode];
          const k = pair[0];
          const v = pair[1];
          const field = (self.entries[i] as [string, ASTNode, boolean])[0];
          if (!open && !Object.hasOwn(props, field)) {
            throw chk.createError('unknown_field', `unknown field "${field}" in ${type.name}`, k);
          }
          // Constructions list a handful of fields: a scan beats allocating a set.
          for (let j = 0; j < i; j++) {
            if ((self.entries[j] as [string, ASTNode, boolean])[0] === field)
              throw chk.createError('duplicate_field', `field "${field}" is set twice`, k);
          }
          let vt = chk.check(v, scope);
          if ((self.entries[i] as [string, ASTNode, boolean])[2]) {
            if (vt.kind !== 'optional' && vt.kind !== 'dyn')
              throw chk.createError(
                'field_type_mismatch',
                `field "${field}" of ${type.name} is marked optional (?${field}): its value must be an optional, got ${vt.name}`,
                v,
              );
            if (vt.kind === 'optional') vt = vt.valueType ?? chk.getType('dyn');
          }
          const why = incompatibility(props[field], vt, () => `${type.name}.${field}`);
          if (why) throw chk.createError('field_type_mismatch', `field "${field}" of ${type.name}: ${why}`, v);
        }
        return chk.getType(type.name);
      },
      evaluate(ev, self, scope) {
        const type = self.type as ConstructType;
        const out = new type.ctor();
        if (type.writtenAs !== undefined) nameConstruction(out, type.writtenAs);
        for (const [field, node] of self.entries) {
          const v = ev.run(node, scope);
          if (v instanceof Optional) {
            if (v.hasValue()) out.set(field, v.value());
            continue;
          }
          out.set(field, v);
        }
        return out;
      },
    };
  });
}
