// `has()` over any operand (the construction rewrite renames calls the base macro
// refuses, see syntax/construct.ts): `has(Object{spec: ...}.spec)`, `has({"a": 1}.a)`.
import type { ASTNode, Environment } from '@marcbachmann/cel-js';
import { Optional } from '@marcbachmann/cel-js';
import { HAS_MACRO } from '../syntax/construct.js';
import { isCelNull } from '../values.js';
import { defineMacro, fail } from './macro.js';

interface Has {
  operand: ASTNode;
  field: string;
}

function fieldIsSet(value: unknown, field: string, node: ASTNode): boolean {
  // Selecting through an optional (`has(m.?x.y)`): an empty one has no fields.
  if (value instanceof Optional) {
    if (!value.hasValue()) return false;
    value = value.value();
  }
  if (value instanceof Map) return value.has(field) && value.get(field) !== undefined;
  if (isCelNull(value)) throw fail(`no such key "${field}": the value is null`, node);
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array)) {
    return Object.hasOwn(value, field) && (value as Record<string, unknown>)[field] !== undefined;
  }
  throw fail(`has() cannot select field "${field}" of a value that is not a map or message`, node);
}

export function installHas(env: Environment): void {
  defineMacro<Has>(env, { name: HAS_MACRO, arity: 1, receiver: false, returns: 'bool' }, (call) => {
    const arg = call.args[0] as ASTNode;
    const select = arg.op === '.' ? (arg.args as unknown as [ASTNode, string]) : null;
    return {
      operand: select ? select[0] : arg,
      field: select ? select[1] : '',
      typeCheck(chk, self, scope) {
        if (!select) throw chk.createError('invalid_macro_argument', 'has() invalid argument', arg);
        // Checking the selection itself reports a field the operand's type does not declare.
        chk.check(arg, scope);
        return chk.getType('bool');
      },
      evaluate(ev, self, scope) {
        return fieldIsSet(ev.run(self.operand, scope), self.field, self.operand);
      },
    };
  });
}
