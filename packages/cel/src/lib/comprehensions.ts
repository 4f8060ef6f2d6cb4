// Comprehension macros (all, exists, exists_one, map, filter and the two-variable forms).
// They replace the base library's own so that each iteration charges the evaluation
// budget: a nested `all()` over large lists must stop, not hang.
import type { ASTNode, Environment, TypeDeclaration } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { charge, CostLimitError } from '../budget.js';
import { defineMacro, fail, identName, type Checker, type MacroCall, type Runner, type Scope } from './macro.js';

interface Range {
  keys: unknown[];
  values: unknown[] | null;
  isList: boolean;
}

function materialize(coll: unknown, node: ASTNode): Range {
  if (Array.isArray(coll)) return { keys: coll, values: null, isList: true };
  if (coll instanceof Set) return { keys: [...coll], values: null, isList: true };
  if (coll instanceof Map) return { keys: [...coll.keys()], values: [...coll.values()], isList: false };
  if (coll && typeof coll === 'object') {
    const keys = Object.keys(coll);
    return { keys, values: keys.map((k) => (coll as Record<string, unknown>)[k]), isList: false };
  }
  throw fail(`expression of type '${coll === null ? 'null' : typeof coll}' cannot be the range of a comprehension`, node);
}

function rangeTypes(
  chk: Checker,
  call: MacroCall,
  scope: Scope,
): { first: TypeDeclaration; second: TypeDeclaration; isList: boolean | null } {
  const t = chk.check(call.receiver as ASTNode, scope);
  const dyn = chk.getType('dyn');
  if (t.kind === 'list') return { first: t.valueType ?? dyn, second: t.valueType ?? dyn, isList: true };
  if (t.kind === 'map') return { first: t.keyType ?? dyn, second: t.valueType ?? dyn, isList: false };
  if (t.kind === 'dyn') return { first: dyn, second: dyn, isList: null };
  throw chk.createError(
    'invalid_comprehension_range',
    `cannot iterate over ${t.name}: a comprehension needs a list or a map`,
    call.receiver as ASTNode,
  );
}

function requireBool(chk: Checker, node: ASTNode, scope: Scope, what: string): void {
  const t = chk.check(node, scope);
  if (!t.isDynOrBool()) throw chk.createError('invalid_predicate', `${what} predicate must return bool, got ${t.name}`, node);
}

// Cost charged per produced element: large intermediate values are work too.
function sizeCost(v: unknown): number {
  if (typeof v === 'string') return 1 + (v.length >> 4);
  if (Array.isArray(v)) return 1 + v.length;
  return 1;
}

type Kind = 'all' | 'exists' | 'exists_one' | 'map' | 'filter' | 'transformList' | 'transformMap' | 'transformMapEntry';

interface Comprehension {
  call: MacroCall;
  kind: Kind;
  twoVars: boolean;
  names: string[];
  filter: ASTNode | null;
  body: ASTNode;
  types: TypeDeclaration[];
  /** Key type of the entries transformMapEntry's body returns. */
  entryKey?: TypeDeclaration | undefined;
}

function setup(chk: Checker, self: Comprehension, scope: Scope): Scope {
  const { call } = self;
  const r = rangeTypes(chk, call, scope);
  const intType = chk.getType('int');
  if (self.twoVars) {
    const first = r.isList === true ? intType : r.first;
    self.types = [first, r.second];
  } else {
    self.types = [r.first];
  }
  let inner = scope;
  self.names.forEach((n, i) => (inner = inner.forkWithVariable(n, self.types[i] as TypeDeclaration)));
  return inner;
}

function typeCheck(chk: Checker, self: Comprehension, scope: Scope): TypeDeclaration {
  const inner = setup(chk, self, scope);
  const label = `${self.kind}()`;
  if (self.filter) requireBool(chk, self.filter, inner, label);
  switch (self.kind) {
    case 'all':
    case 'exists':
    case 'exists_one':
      requireBool(chk, self.body, inner, label);
      return chk.getType('bool');
    case 'filter':
      requireBool(chk, self.body, inner, label);
      return chk.getType(`list<${(self.types[self.twoVars ? 1 : 0] as TypeDeclaration).name}>`);
    case 'map':
    case 'transformList':
      return chk.getType(`list<${chk.check(self.body, inner).name}>`);
    case 'transformMap':
      return chk.getType(`map<${(self.types[0] as TypeDeclaration).name}, ${chk.check(self.body, inner).name}>`);
    case 'transformMapEntry': {
      const entry = chk.check(self.body, inner);
      self.entryKey = entry.keyType;
      if (entry.kind === 'map' || entry.kind === 'dyn') return entry.kind === 'map' ? entry : chk.getType('map');
      throw chk.createError('invalid_argument', `transformMapEntry() expression must return a map, got ${entry.name}`, self.body);
    }
  }
}

// The base library stores map literals with string keys whatever their CEL type
// (`{1: "a"}` holds the key "1"); iteration gives the keys back with the checked key type.
function typedKeys(keys: unknown[], keyType: TypeDeclaration | undefined): unknown[] {
  switch (keyType?.name) {
    case 'int':
      return keys.map((k) => (typeof k === 'string' ? BigInt(k) : k));
    case 'uint':
      return keys.map((k) => (typeof k === 'string' ? new UnsignedInt(BigInt(k)) : k));
    case 'bool':
      return keys.map((k) => (typeof k === 'string' ? k === 'true' : k));
    default:
      return keys;
  }
}

function entriesOf(v: unknown): [unknown, unknown][] {
  if (v instanceof Map) return [...v.entries()];
  if (v && typeof v === 'object') return Object.entries(v);
  return [];
}

function evaluate(ev: Runner, self: Comprehension, scope: Scope): unknown {
  const { call, kind } = self;
  const coll = ev.run(call.receiver as ASTNode, scope);
  const range = materialize(coll, call.receiver as ASTNode);
  if (!range.isList && !(coll instanceof Map)) range.keys = typedKeys(range.keys, self.types[0]);
  const outer = scope.forkWithVariable(self.names[0] as string, self.types[0] as TypeDeclaration);
  const inner = self.twoVars ? outer.forkWithVariable(self.names[1] as string, self.types[1] as TypeDeclaration) : outer;
  const bind = (i: number): void => {
    if (self.twoVars) {
      outer.setIterValue(range.isList ? BigInt(i) : range.keys[i], ev);
      inner.setIterValue(range.isList ? range.keys[i] : (range.values as unknown[])[i], ev);
    } else {
      outer.setIterValue(range.keys[i], ev);
    }
  };
  const n = range.keys.length;
  const predicate = (i: number): unknown => {
    charge(1);
    bind(i);
    return ev.run(self.body, inner);
  };
  const passes = (): boolean => {
    if (!self.filter) return true;
    const f = ev.run(self.filter, inner);
    if (typeof f !== 'boolean') throw fail(`${kind}() filter must return bool`, self.filter);
    return f;
  };

  switch (kind) {
    case 'all':
    case 'exists': {
      // A decisive result wins over an error seen on another element (CEL semantics).
      const decisive = kind === 'exists';
      let error: unknown = null;
      for (let i = 0; i < n; i++) {
        let r: unknown;
        try {
          r = predicate(i);
        } catch (e) {
          if (e instanceof CostLimitError) throw e;
          error ??= e;
          continue;
        }
        if (r === decisive) return decisive;
        if (typeof r !== 'boolean') error ??= fail(`${kind}() predicate must return bool`, self.body);
      }
      if (error) throw error;
      return !decisive;
    }
    case 'exists_one': {
      let count = 0;
      for (let i = 0; i < n; i++) {
        const r = predicate(i);
        if (typeof r !== 'boolean') throw fail('exists_one() predicate must return bool', self.body);
        if (r) count++;
      }
      return count === 1;
    }
    case 'filter': {
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const r = predicate(i);
        if (typeof r !== 'boolean') throw fail('filter() predicate must return bool', self.body);
        if (r) out.push(self.twoVars && !range.isList ? (range.values as unknown[])[i] : range.keys[i]);
      }
      return out;
    }
    case 'map':
    case 'transformList': {
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        charge(1);
        bind(i);
        if (!passes()) continue;
        const v = ev.run(self.body, inner);
        charge(sizeCost(v));
        out.push(v);
      }
      return out;
    }
    case 'transformMap': {
      const out = new Map<unknown, unknown>();
      for (let i = 0; i < n; i++) {
        charge(1);
        bind(i);
        if (!passes()) continue;
        const v = ev.run(self.body, inner);
        charge(sizeCost(v));
        out.set(range.isList ? BigInt(i) : range.keys[i], v);
      }
      return out;
    }
    case 'transformMapEntry': {
      const out = new Map<unknown, unknown>();
      for (let i = 0; i < n; i++) {
        charge(1);
        bind(i);
        if (!passes()) continue;
        const entry = ev.run(self.body, inner);
        if (!entry || typeof entry !== 'object' || Array.isArray(entry))
          throw fail('transformMapEntry() expression must return a map', self.body);
        const entries = entriesOf(entry);
        const keys =
          entry instanceof Map
            ? entries.map(([k]) => k)
            : typedKeys(
                entries.map(([k]) => k),
                self.entryKey,
              );
        for (let j = 0; j < entries.length; j++) {
          const k = keys[j];
          const v = (entries[j] as [unknown, unknown])[1];
          if (out.has(k)) throw fail(`transformMapEntry() produced the key ${String(k)} twice`, self.body);
          out.set(k, v);
        }
      }
      return out;
    }
  }
}

function register(env: Environment, name: string, kind: Kind, arity: number, twoVars: boolean, hasFilter: boolean): void {
  defineMacro<Comprehension>(env, { name, arity, receiver: true }, (call) => {
    const names = call.args.slice(0, twoVars ? 2 : 1).map((a) => (a.op === 'id' ? a.args : ''));
    const rest = call.args.slice(twoVars ? 2 : 1);
    return {
      call,
      kind,
      twoVars,
      names,
      filter: hasFilter ? (rest[0] as ASTNode) : null,
      body: rest[rest.length - 1] as ASTNode,
      types: [],
      typeCheck(chk, self, scope) {
        self.call.args.slice(0, twoVars ? 2 : 1).forEach((a) => identName(chk, a, `${name}()`, call.ast));
        if (twoVars && names[0] === names[1]) {
          throw chk.createError('invalid_macro_argument', `${name}(): the two iteration variables must differ`, call.ast);
        }
        return typeCheck(chk, self, scope);
      },
      evaluate,
    };
  });
}

export function installComprehensions(env: Environment): void {
  register(env, 'all', 'all', 2, false, false);
  register(env, 'exists', 'exists', 2, false, false);
  register(env, 'exists_one', 'exists_one', 2, false, false);
  register(env, 'existsOne', 'exists_one', 2, false, false);
  register(env, 'map', 'map', 2, false, false);
  register(env, 'map', 'map', 3, false, true);
  register(env, 'filter', 'filter', 2, false, false);
  register(env, 'all', 'all', 3, true, false);
  register(env, 'exists', 'exists', 3, true, false);
  register(env, 'exists_one', 'exists_one', 3, true, false);
  register(env, 'existsOne', 'exists_one', 3, true, false);
  register(env, 'transformList', 'transformList', 3, true, false);
  register(env, 'transformList', 'transformList', 4, true, true);
  register(env, 'transformMap', 'transformMap', 3, true, false);
  register(env, 'transformMap', 'transformMap', 4, true, true);
  register(env, 'transformMapEntry', 'transformMapEntry', 3, true, false);
  register(env, 'transformMapEntry', 'transformMapEntry', 4, true, true);
}
