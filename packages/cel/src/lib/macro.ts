// Typed view of the base library's macro hooks (documented in its README under "Custom
// macros"), and the helpers every library in this package builds on.
//
// A macro declared for a name and arity expands *every* call of that name and arity at
// parse time, whatever the receiver. We rely on that to take over built-in functions whose
// semantics differ from Kubernetes CEL (JavaScript regular expressions, UTF-16 indexes,
// unbounded comprehensions): see NOTES.md.
import { EvaluationError, type ASTNode, type Environment, type TypeDeclaration } from '@marcbachmann/cel-js';
import { celTypeOf } from '../values.js';

export interface Checker {
  check(node: ASTNode, scope: Scope): TypeDeclaration;
  getType(name: string): TypeDeclaration;
  createError(code: string, message: string, node: ASTNode): Error;
}

export interface Runner {
  run(node: ASTNode, scope: Scope): unknown;
}

export interface Scope {
  forkWithVariable(name: string, type: TypeDeclaration): Scope;
  setIterValue(value: unknown, ev: Runner): Scope;
}

export interface MacroCall {
  ast: ASTNode;
  args: ASTNode[];
  receiver: ASTNode | null;
  methodName: string;
}

export interface MacroHooks<S> {
  typeCheck(chk: Checker, self: S, scope: Scope): TypeDeclaration;
  evaluate(ev: Runner, self: S, scope: Scope): unknown;
}

// Receiver type used only to declare macros; no value ever has it.
class MacroReceiver {}
const MACRO_RECEIVER = 'platlint.MacroReceiver';

export function installMacroReceiver(env: Environment): void {
  env.registerType(MACRO_RECEIVER, MacroReceiver);
}

export function defineMacro<S extends object>(
  env: Environment,
  signature: { name: string; arity: number; receiver: boolean; returns?: string },
  create: (call: MacroCall) => S & MacroHooks<S>,
): void {
  const params = Array.from({ length: signature.arity }, () => 'ast').join(', ');
  const prefix = signature.receiver ? `${MACRO_RECEIVER}.` : '';
  env.registerFunction(`${prefix}${signature.name}(${params}): ${signature.returns ?? 'dyn'}`, (call: MacroCall) => create(call));
}

export function fail(message: string, node?: ASTNode): EvaluationError {
  return new EvaluationError(message, node);
}

export function identName(chk: Checker, node: ASTNode | undefined, what: string, at: ASTNode): string {
  if (node && node.op === 'id') return node.args;
  throw chk.createError('invalid_macro_argument', `${what}: argument must be a simple name`, node ?? at);
}

// --- overload dispatch for functions taken over from the base library ---

export interface Overload {
  recv?: string;
  args: string[];
  ret: string;
  fn: (...args: never[]) => unknown;
}

function declaredMatches(declared: string, actual: TypeDeclaration): boolean {
  if (declared === 'dyn' || actual.kind === 'dyn' || actual.kind === 'param') return true;
  if (declared === 'list') return actual.kind === 'list';
  if (declared === 'map') return actual.kind === 'map';
  if (declared.startsWith('list<')) {
    if (actual.kind !== 'list') return false;
    const v = actual.valueType;
    return !v || v.kind === 'dyn' || v.kind === 'param' || declared === actual.name;
  }
  return declared === actual.name;
}

function runtimeMatches(declared: string, v: unknown): boolean {
  if (declared === 'dyn') return true;
  const t = celTypeOf(v);
  if (declared.startsWith('list')) return t === 'list';
  if (declared.startsWith('map')) return t === 'map';
  return declared === t;
}

interface Dispatch {
  call: MacroCall;
  candidates: Overload[];
}

export interface LiteralCheck {
  /** Argument position (after the receiver) whose string literal is validated at compile time. */
  literalArg: number;
  check(value: string): string | null;
}

export function defineOverloads(
  env: Environment,
  name: string,
  receiver: boolean,
  overloads: Overload[],
  literal?: LiteralCheck,
): void {
  const arities = new Set(overloads.map((o) => o.args.length));
  for (const arity of arities) {
    const group = overloads.filter((o) => o.args.length === arity);
    defineMacro<Dispatch>(env, { name, arity, receiver }, (call) => ({
      call,
      candidates: group,
      typeCheck(chk, self, scope) {
        const recvType = call.receiver ? chk.check(call.receiver, scope) : undefined;
        const argTypes = call.args.map((a) => chk.check(a, scope));
        const lit = literal ? call.args[literal.literalArg] : undefined;
        if (literal && lit && lit.op === 'value' && typeof lit.args === 'string') {
          const problem = literal.check(lit.args);
          if (problem) throw chk.createError('invalid_argument', problem, lit);
        }
        self.candidates = group.filter(
          (o) =>
            (!recvType || (o.recv !== undefined && declaredMatches(o.recv, recvType))) &&
            o.args.every((a, i) => declaredMatches(a, argTypes[i] as TypeDeclaration)),
        );
        if (self.candidates.length === 0) {
          const shown = argTypes.map((t) => t.name).join(', ');
          const target = recvType ? `${recvType.name}.${name}` : name;
          throw chk.createError('no_matching_overload', `found no matching overload for '${target}(${shown})'`, call.ast);
        }
        const rets = new Set(self.candidates.map((o) => o.ret));
        return chk.getType(rets.size === 1 ? (self.candidates[0] as Overload).ret : 'dyn');
      },
      evaluate(ev, self, scope) {
        const values: unknown[] = [];
        if (call.receiver) values.push(ev.run(call.receiver, scope));
        for (const a of call.args) values.push(ev.run(a, scope));
        let chosen: Overload | undefined;
        if (self.candidates.length === 1) chosen = self.candidates[0];
        else {
          const argValues = call.receiver ? values.slice(1) : values;
          chosen = self.candidates.find(
            (o) =>
              (!call.receiver || runtimeMatches(o.recv ?? 'dyn', values[0])) &&
              o.args.every((a, i) => runtimeMatches(a, argValues[i])),
          );
        }
        if (!chosen) throw fail(`found no matching overload for '${name}' at runtime`, call.ast);
        try {
          return (chosen.fn as (...a: unknown[]) => unknown)(...values);
        } catch (e) {
          if (e instanceof EvaluationError && !e.range) throw fail(e.summary, call.ast);
          throw e;
        }
      },
    }));
  }
}
