// The parts of cel-go's optional library the base library lacks: `==`/`!=` between
// optionals, `optional.ofNonZeroValue`, and the `optMap`/`optFlatMap` macros.
import type { ASTNode, Environment, TypeDeclaration } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { charge } from '../budget.js';
import { celEquals } from './compare.js';
import { defineMacro, fail, identName, type Checker, type Runner, type Scope } from './macro.js';

// Two optionals are equal when both are empty or both hold equal values.
function optionalEquals(a: Optional, b: Optional): boolean {
  if (!a.hasValue() || !b.hasValue()) return a.hasValue() === b.hasValue();
  return celEquals(a.value(), b.value());
}

/** Whether a value is its type's zero value (cel-go's `ofNonZeroValue` test). */
function isZeroValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'bigint') return v === 0n;
  if (typeof v === 'number') return v === 0;
  if (typeof v === 'string') return v.length === 0;
  if (v instanceof UnsignedInt) return v.valueOf() === 0n;
  if (v instanceof Uint8Array || Array.isArray(v)) return v.length === 0;
  if (v instanceof Duration) return v.seconds === 0n && v.nanos === 0;
  if (v instanceof Date) return v.getTime() === 0;
  if (v instanceof Optional) return !v.hasValue();
  if (v instanceof Map) return v.size === 0;
  if (typeof v === 'object' && (v.constructor === Object || v.constructor === undefined)) return Object.keys(v).length === 0;
  return false;
}

interface OptMap {
  receiver: ASTNode;
  name: string;
  body: ASTNode;
  flat: boolean;
  varType: TypeDeclaration | undefined;
}

function optionalValueType(chk: Checker, node: ASTNode, scope: Scope, what: string): TypeDeclaration {
  const t = chk.check(node, scope);
  if (t.kind === 'optional') return t.valueType ?? chk.getType('dyn');
  if (t.kind === 'dyn') return chk.getType('dyn');
  throw chk.createError('optional_expected', `${what} receiver must be optional, got ${t.name}`, node);
}

function defineOptMap(env: Environment, flat: boolean): void {
  const label = flat ? 'optFlatMap' : 'optMap';
  defineMacro<OptMap>(env, { name: label, arity: 2, receiver: true }, (call) => ({
    receiver: call.receiver as ASTNode,
    name: '',
    body: call.args[1] as ASTNode,
    flat,
    varType: undefined,
    typeCheck(chk, self, scope) {
      self.name = identName(chk, call.args[0], `${label}()`, call.ast);
      self.varType = optionalValueType(chk, self.receiver, scope, `${label}()`);
      const body = chk.check(self.body, scope.forkWithVariable(self.name, self.varType));
      if (!flat) return chk.getType(`optional<${body.name}>`);
      if (body.kind === 'optional' || body.kind === 'dyn') return body.kind === 'dyn' ? chk.getType('optional') : body;
      throw chk.createError('optional_expected', `${label}() expression must return an optional, got ${body.name}`, self.body);
    },
    evaluate(ev: Runner, self, scope) {
      const opt = ev.run(self.receiver, scope);
      if (!(opt instanceof Optional)) throw fail(`${label}() receiver must be optional`, self.receiver);
      if (!opt.hasValue()) return Optional.none();
      charge(1);
      const inner = scope.forkWithVariable(self.name, self.varType as TypeDeclaration);
      inner.setIterValue(opt.value(), ev);
      const out = ev.run(self.body, inner);
      if (!flat) return Optional.of(out);
      if (!(out instanceof Optional)) throw fail(`${label}() expression must return an optional`, self.body);
      return out;
    },
  }));
}

export function installOptionals(env: Environment): void {
  env.registerOperator('optional<A> == optional<A>', optionalEquals);
  env.registerFunction('OptionalNamespace.ofNonZeroValue(A): optional<A>', (_ns: unknown, v: unknown) =>
    isZeroValue(v) ? Optional.none() : Optional.of(v),
  );
  defineOptMap(env, false);
  defineOptMap(env, true);
}
