// Kubernetes' lists library and the CEL lists extension, plus `sets.*`.
import type { Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { charge } from '../budget.js';
import { celCompare, celEquals } from './compare.js';
import type { ASTNode, TypeDeclaration } from '@marcbachmann/cel-js';
import { defineMacro, fail, identName } from './macro.js';
import { defineNamespace } from './namespace.js';

const touch = (l: readonly unknown[]): void => charge(1 + l.length);

function sum(l: unknown[]): unknown {
  touch(l);
  if (l.length === 0) return 0n;
  let acc: unknown = l[0];
  for (const v of l.slice(1)) {
    if (typeof acc === 'bigint' && typeof v === 'bigint') {
      acc = acc + v;
      if ((acc as bigint) > 9223372036854775807n || (acc as bigint) < -9223372036854775808n) throw fail('integer overflow');
    } else if (typeof acc === 'number' && typeof v === 'number') acc = acc + v;
    else if (acc instanceof UnsignedInt && v instanceof UnsignedInt) acc = new UnsignedInt(acc.valueOf() + v.valueOf());
    else if (acc instanceof Duration && v instanceof Duration) acc = acc.addDuration(v);
    else throw fail('sum(): list elements must all be int, uint, double or duration');
  }
  return acc;
}

function extreme(l: unknown[], sign: number, name: string): unknown {
  touch(l);
  if (l.length === 0) throw fail(`${name}(): list is empty`);
  let best = l[0];
  for (const v of l.slice(1)) if (celCompare(v, best) * sign > 0) best = v;
  return best;
}

function flatten(l: unknown[], depth: bigint): unknown[] {
  if (depth < 0n) throw fail('flatten(): depth must not be negative');
  touch(l);
  const out: unknown[] = [];
  for (const v of l) {
    if (Array.isArray(v) && depth > 0n) out.push(...flatten(v, depth - 1n));
    else out.push(v);
  }
  return out;
}

function slice(l: unknown[], from: bigint, to: bigint): unknown[] {
  touch(l);
  if (from < 0n || to < 0n) throw fail(`cannot slice(${from}, ${to}), negative indexes not supported`);
  if (from > to) throw fail(`cannot slice(${from}, ${to}), start index must be less than or equal to end index`);
  if (to > BigInt(l.length)) throw fail(`cannot slice(${from}, ${to}), list is length ${l.length}`);
  return l.slice(Number(from), Number(to));
}

function distinct(l: unknown[]): unknown[] {
  charge(1 + l.length * l.length);
  const out: unknown[] = [];
  for (const v of l) if (!out.some((x) => celEquals(x, v))) out.push(v);
  return out;
}

function contains(a: unknown[], b: unknown[]): boolean {
  charge(1 + a.length * b.length);
  return b.every((x) => a.some((y) => celEquals(x, y)));
}

interface SortBy {
  name: string;
  elem: TypeDeclaration | undefined;
}

// `list.sortBy(e, key)`: the list ordered by the key each element gives, stably.
function installSortBy(env: Environment): void {
  defineMacro<SortBy>(env, { name: 'sortBy', arity: 2, receiver: true }, (call) => ({
    name: '',
    elem: undefined,
    typeCheck(chk, self, scope) {
      const t = chk.check(call.receiver as ASTNode, scope);
      if (t.kind !== 'list' && t.kind !== 'dyn')
        throw chk.createError('no_matching_overload', `sortBy() needs a list, got ${t.name}`, call.receiver as ASTNode);
      self.name = identName(chk, call.args[0], 'sortBy()', call.ast);
      self.elem = t.kind === 'list' ? (t.valueType ?? chk.getType('dyn')) : chk.getType('dyn');
      chk.check(call.args[1] as ASTNode, scope.forkWithVariable(self.name, self.elem));
      return t.kind === 'list' ? t : chk.getType('list');
    },
    evaluate(ev, self, scope) {
      const l = ev.run(call.receiver as ASTNode, scope);
      if (!Array.isArray(l)) throw fail('sortBy() needs a list', call.receiver as ASTNode);
      const inner = scope.forkWithVariable(self.name, self.elem as TypeDeclaration);
      const keyed = l.map((v, i) => {
        charge(1);
        inner.setIterValue(v, ev);
        return { v, i, key: ev.run(call.args[1] as ASTNode, inner) };
      });
      charge(1 + l.length * Math.ceil(Math.log2(l.length + 1)));
      keyed.sort((a, b) => celCompare(a.key, b.key) || a.i - b.i);
      return keyed.map((k) => k.v);
    },
  }));
}

export function installLists(env: Environment): void {
  installSortBy(env);
  env.registerFunction('list.isSorted(): bool', (l: unknown[]) => {
    touch(l);
    for (let i = 1; i < l.length; i++) if (celCompare(l[i - 1], l[i]) > 0) return false;
    return true;
  });
  env.registerFunction('list.sum(): dyn', sum);
  env.registerFunction('list<int>.sum(): int', sum);
  env.registerFunction('list<double>.sum(): double', sum);
  env.registerFunction('list<google.protobuf.Duration>.sum(): google.protobuf.Duration', sum);
  // A list, or any value compared for equality (release 1.37 lists library, version 1).
  env.registerFunction('dyn.includes(dyn): bool', (target: unknown, v: unknown) => {
    if (!Array.isArray(target)) return celEquals(target, v);
    touch(target);
    return target.some((x) => celEquals(x, v));
  });
  env.registerFunction('list.min(): dyn', (l: unknown[]) => extreme(l, -1, 'min'));
  env.registerFunction('list.max(): dyn', (l: unknown[]) => extreme(l, 1, 'max'));
  // Typed results for lists of one comparable type, as the platform declares them.
  for (const t of ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'google.protobuf.Duration', 'google.protobuf.Timestamp']) {
    env.registerFunction(`list<${t}>.min(): ${t}`, (l: unknown[]) => extreme(l, -1, 'min'));
    env.registerFunction(`list<${t}>.max(): ${t}`, (l: unknown[]) => extreme(l, 1, 'max'));
  }
  env.registerFunction('list<uint>.sum(): uint', sum);
  env.registerFunction('list.slice(int, int): list', slice);
  env.registerFunction('list.flatten(): list', (l: unknown[]) => flatten(l, 1n));
  env.registerFunction('list.flatten(int): list', flatten);
  env.registerFunction('list.distinct(): list', distinct);
  env.registerFunction('list.reverse(): list', (l: unknown[]) => (touch(l), [...l].reverse()));
  env.registerFunction('list.sort(): list', (l: unknown[]) => {
    charge(1 + l.length * Math.ceil(Math.log2(l.length + 1)));
    return [...l].sort(celCompare);
  });
  env.registerFunction('list.first(): optional', (l: unknown[]) => (l.length ? Optional.of(l[0]) : Optional.none()));
  env.registerFunction('list.last(): optional', (l: unknown[]) => (l.length ? Optional.of(l[l.length - 1]) : Optional.none()));

  const lists = defineNamespace(env, 'lists');
  env.registerFunction(`${lists}.range(int): list<int>`, (_n: unknown, n: bigint) => {
    charge(1 + Math.max(0, Number(n)));
    return Array.from({ length: Math.max(0, Number(n)) }, (_, i) => BigInt(i));
  });

  const sets = defineNamespace(env, 'sets');
  env.registerFunction(`${sets}.contains(list, list): bool`, (_n: unknown, a: unknown[], b: unknown[]) => contains(a, b));
  env.registerFunction(
    `${sets}.equivalent(list, list): bool`,
    (_n: unknown, a: unknown[], b: unknown[]) => contains(a, b) && contains(b, a),
  );
  env.registerFunction(`${sets}.intersects(list, list): bool`, (_n: unknown, a: unknown[], b: unknown[]) => {
    charge(1 + a.length * b.length);
    return a.some((x) => b.some((y) => celEquals(x, y)));
  });
}
