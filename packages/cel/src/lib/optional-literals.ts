// Literals with optional entries and elements (`{?k: v}`, `[?x]`), rewritten by
// syntax/construct.ts into `__optmap({k: v}, [0])` / `__optlist([x], [0])`: an optional
// entry's value must be an optional; an empty one leaves the entry out.
import type { ASTNode, Environment, TypeDeclaration } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { OPTIONAL_LIST_MACRO, OPTIONAL_MAP_MACRO } from '../syntax/construct.js';
import { celMapFromEntries } from '../values.js';
import { defineMacro, fail, type Checker, type Scope } from './macro.js';

interface OptionalLiteral {
  optional: Set<number>;
}

function positions(node: ASTNode | undefined): Set<number> {
  const out = new Set<number>();
  if (node?.op !== 'list') return out;
  for (const e of node.args as unknown as ASTNode[]) if (e.op === 'value') out.add(Number(e.args));
  return out;
}

// The element type an entry contributes: an optional entry contributes its value type.
function entryType(chk: Checker, node: ASTNode, scope: Scope, optional: boolean): TypeDeclaration {
  const t = chk.check(node, scope);
  if (!optional) return t;
  if (t.kind === 'optional') return t.valueType ?? chk.getType('dyn');
  if (t.kind === 'dyn') return t;
  throw chk.createError('optional_expected', `an optional entry needs an optional value, got ${t.name}`, node);
}

function common(chk: Checker, types: TypeDeclaration[]): string {
  const first = types[0];
  if (!first) return 'dyn';
  return types.every((t) => t.name === first.name) ? first.name : 'dyn';
}

// The value of an entry, or undefined when an optional entry is empty.
function present(v: unknown, optional: boolean, node: ASTNode): unknown {
  if (!optional) return v;
  if (!(v instanceof Optional)) throw fail('an optional entry needs an optional value', node);
  return v.hasValue() ? v.value() : undefined;
}

export function installOptionalLiterals(env: Environment): void {
  defineMacro<OptionalLiteral>(env, { name: OPTIONAL_LIST_MACRO, arity: 2, receiver: false }, (call) => {
    const list = call.args[0] as ASTNode;
    const elems = list.args as unknown as ASTNode[];
    return {
      optional: positions(call.args[1]),
      typeCheck(chk, self, scope) {
        const types = elems.map((e, i) => entryType(chk, e, scope, self.optional.has(i)));
        return chk.getType(`list<${common(chk, types)}>`);
      },
      evaluate(ev, self, scope) {
        const out: unknown[] = [];
        elems.forEach((e, i) => {
          const v = present(ev.run(e, scope), self.optional.has(i), e);
          if (v !== undefined) out.push(v);
        });
        return out;
      },
    };
  });
  defineMacro<OptionalLiteral>(env, { name: OPTIONAL_MAP_MACRO, arity: 2, receiver: false }, (call) => {
    const map = call.args[0] as ASTNode;
    const pairs = map.args as unknown as [ASTNode, ASTNode][];
    return {
      optional: positions(call.args[1]),
      typeCheck(chk, self, scope) {
        const keys = pairs.map(([k]) => chk.check(k, scope));
        const values = pairs.map(([, v], i) => entryType(chk, v, scope, self.optional.has(i)));
        return chk.getType(`map<${common(chk, keys)}, ${common(chk, values)}>`);
      },
      evaluate(ev, self, scope) {
        const entries: [unknown, unknown][] = [];
        pairs.forEach(([k, v], i) => {
          const key = ev.run(k, scope);
          const value = present(ev.run(v, scope), self.optional.has(i), v);
          if (value !== undefined) entries.push([key, value]);
        });
        // String keys make the map the other map literals build (values.ts).
        if (entries.every(([k]) => typeof k === 'string')) {
          const seen = new Set<unknown>();
          for (const [k] of entries) {
            if (seen.has(k)) throw fail(`duplicate map key "${k as string}"`, map);
            seen.add(k);
          }
          return celMapFromEntries(entries);
        }
        return new Map(entries);
      },
    };
  });
}
