// Static cost estimate, in the spirit of Kubernetes' estimator: every node costs a unit,
// functions on strings and lists cost in proportion to their input sizes, and a
// comprehension costs its range size times its body. Sizes come from literals, from
// maxItems/maxLength/maxProperties in schemas, and otherwise from configured assumptions.
import type { ASTNode } from '@marcbachmann/cel-js';
import { mapValueSchema, type StructuralSchema } from './schema.js';

export interface SizeAssumptions {
  /** Elements assumed in a list or map whose size nothing bounds. */
  listSize: number;
  /** Characters assumed in a string whose length nothing bounds. */
  stringLength: number;
}

interface Est {
  cost: number;
  size: number;
  schema?: StructuralSchema | undefined;
  elem?: Est | undefined;
}

const CAP = 1e18;
// Fixed arities: the estimate runs on every compile with a loop, and rest arguments allocate.
const add = (a: number, b: number): number => Math.min(CAP, a + b);
const add3 = (a: number, b: number, c: number): number => Math.min(CAP, a + b + c);
const add4 = (a: number, b: number, c: number, d: number): number => Math.min(CAP, a + b + c + d);
const with1 = (e: Est, cost: number): Est => ({ cost, size: e.size, schema: e.schema, elem: e.elem });
const mul = (a: number, b: number): number => Math.min(CAP, a * b);

const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'existsOne', 'map', 'filter', 'transformList', 'transformMap']);
const PRODUCES_COLLECTION = new Set([
  'split',
  'findAll',
  'flatten',
  'slice',
  'distinct',
  'sort',
  'reverse',
  'range',
  'join',
  'replace',
  'format',
  'substring',
  'trim',
  'lowerAscii',
  'upperAscii',
]);

export class CostEstimator {
  constructor(
    private readonly variables: ReadonlyMap<string, StructuralSchema | undefined>,
    private readonly assume: SizeAssumptions,
  ) {}

  estimate(ast: ASTNode): number {
    return Math.ceil(this.#est(ast, new Map()).cost);
  }

  #fromSchema(schema: StructuralSchema | undefined): Est {
    if (!schema) return { cost: 1, size: this.assume.listSize };
    if (schema.type === 'string') return { cost: 1, size: schema.maxLength ?? this.assume.stringLength, schema };
    if (schema.type === 'array')
      return { cost: 1, size: schema.maxItems ?? this.assume.listSize, schema, elem: this.#fromSchema(schema.items) };
    if (schema.type === 'object') return { cost: 1, size: schema.maxProperties ?? this.assume.listSize, schema };
    return { cost: 1, size: 1, schema };
  }

  #est(node: ASTNode, scope: Map<string, Est>): Est {
    switch (node.op) {
      case 'value': {
        const v = node.args;
        const size = typeof v === 'string' ? v.length : v instanceof Uint8Array ? v.length : 1;
        return { cost: 0, size };
      }
      case 'id': {
        const bound = scope.get(node.args);
        if (bound) return with1(bound, 1);
        if (this.variables.has(node.args)) return this.#fromSchema(this.variables.get(node.args));
        return { cost: 1, size: this.assume.listSize };
      }
      case '.':
      case '.?': {
        const left = this.#est(node.args[0], scope);
        const s = left.schema;
        // Own properties only: a field named `constructor` is not Object.prototype's.
        const declared = s?.properties && Object.hasOwn(s.properties, node.args[1]) ? s.properties[node.args[1]] : undefined;
        const field = declared ?? (s ? mapValueSchema(s) : undefined);
        return with1(this.#fromSchema(field), add(left.cost, 1));
      }
      case '[]':
      case '[?]': {
        const left = this.#est(node.args[0], scope);
        const idx = this.#est(node.args[1], scope);
        const s = left.schema;
        const inner = left.elem ?? this.#fromSchema(s?.items ?? (s ? mapValueSchema(s) : undefined));
        return with1(inner, add3(left.cost, idx.cost, 1));
      }
      case 'list': {
        let cost = 1;
        let elem: Est | undefined;
        for (const n of node.args) {
          const e = this.#est(n, scope);
          cost = add(cost, e.cost);
          if (!elem || e.size > elem.size) elem = e;
        }
        return { cost, size: node.args.length, elem };
      }
      case 'map': {
        let cost = 1;
        for (const [k, v] of node.args) cost = add3(cost, this.#est(k, scope).cost, this.#est(v, scope).cost);
        return { cost, size: node.args.length };
      }
      case '?:': {
        const c = this.#est(node.args[0], scope);
        const a = this.#est(node.args[1], scope);
        const b = this.#est(node.args[2], scope);
        return with1(a.size >= b.size ? a : b, add(c.cost, Math.max(a.cost, b.cost)));
      }
      case '||':
      case '&&': {
        return { cost: add(this.#est(node.args[0], scope).cost, this.#est(node.args[1], scope).cost), size: 1 };
      }
      case '!_':
      case '-_': {
        const a = this.#est(node.args, scope);
        return { cost: add(a.cost, 1), size: 1 };
      }
      case 'call':
        return this.#call(node.args[0], null, node.args[1], scope);
      case 'rcall':
        return this.#call(node.args[0], node.args[1], node.args[2], scope);
      default: {
        const operands = node.args as [ASTNode, ASTNode];
        const a = this.#est(operands[0], scope);
        const b = this.#est(operands[1], scope);
        if (node.op === '+') {
          return {
            cost: add4(a.cost, b.cost, 1, Math.ceil((a.size + b.size) / 10)),
            size: add(a.size, b.size),
            elem: a.elem ?? b.elem,
          };
        }
        const compare = node.op === '==' || node.op === '!=' || node.op === 'in' ? Math.ceil(Math.min(a.size, b.size) / 10) : 0;
        return { cost: add4(a.cost, b.cost, 1, node.op === 'in' ? b.size : compare), size: 1 };
      }
    }
  }

  #call(name: string, recv: ASTNode | null, args: ASTNode[], scope: Map<string, Est>): Est {
    if (recv && COMPREHENSIONS.has(name) && args.length >= 2 && args[0]?.op === 'id') {
      return this.#comprehension(name, recv, args, scope);
    }
    if (name === 'bind' && recv?.op === 'id' && recv.args === 'cel' && args.length === 3 && args[0]?.op === 'id') {
      const init = this.#est(args[1] as ASTNode, scope);
      const inner = new Map(scope).set(args[0].args, init);
      const body = this.#est(args[2] as ASTNode, inner);
      return with1(body, add(init.cost, body.cost));
    }
    if (name === 'has' && !recv) return { cost: 1, size: 1 };
    // An optional's value is sized as what it holds (`oldSelf.value().items.all(...)`).
    if (recv && (name === 'value' || name === 'orValue')) {
      const held = this.#est(recv, scope);
      const fallback = args.reduce((c, a) => add(c, this.#est(a, scope).cost), 0);
      return with1(held, add3(held.cost, fallback, 1));
    }
    let first: Est | undefined;
    let second: Est | undefined;
    let inputSize = 0;
    let partsCost = 1;
    const part = (n: ASTNode): void => {
      const p = this.#est(n, scope);
      if (!first) first = p;
      else second ??= p;
      inputSize = add(inputSize, p.size);
      partsCost += p.cost;
    };
    if (recv) part(recv);
    for (const a of args) part(a);
    const base = add(partsCost, Math.ceil(inputSize / 10));
    const regex = name === 'matches' || name === 'find' || name === 'findAll';
    const cost = regex ? add(base, Math.ceil(mul(first?.size ?? 1, second?.size ?? 1) / 10)) : base;
    return { cost, size: PRODUCES_COLLECTION.has(name) ? inputSize : 1, elem: first?.elem };
  }

  #comprehension(name: string, recv: ASTNode, args: ASTNode[], scope: Map<string, Est>): Est {
    const range = this.#est(recv, scope);
    const twoVars =
      name === 'transformList' ||
      name === 'transformMap' ||
      (args.length === 3 && (name === 'all' || name === 'exists' || name === 'exists_one' || name === 'existsOne')) ||
      args.length === 4;
    const s = range.schema;
    const elem = range.elem ?? this.#fromSchema(s?.items ?? (s ? mapValueSchema(s) : undefined));
    const inner = new Map(scope);
    const names = args.slice(0, twoVars ? 2 : 1).map((a) => (a.op === 'id' ? a.args : ''));
    if (twoVars) inner.set(names[0] as string, { cost: 1, size: 1 }).set(names[1] as string, elem);
    else inner.set(names[0] as string, elem);
    const body = args.slice(twoVars ? 2 : 1).reduce((c, n) => add(c, this.#est(n, inner).cost), 0);
    const cost = add(range.cost, mul(range.size, add(body, 1)));
    const collects = name === 'map' || name === 'filter' || name.startsWith('transform');
    return { cost, size: collects ? range.size : 1, elem: collects ? elem : undefined };
  }
}

// cel-go's parser builds a chain of `&&` or `||` as a balanced tree (parser/helper.go, balancer)
// and counts no recursion for it (parser.go Visit: ConditionalAnd and ConditionalOr are not
// counted; CEL.g4 repeats them instead of nesting): a chain of any length is one level here.
const BALANCED = new Set(['&&', '||']);

/** The nesting depth of a parsed expression, as cel-go's parser counts it toward its limit. */
export function astDepth(root: ASTNode): number {
  let max = 0;
  const stack: [unknown, number, unknown][] = [[root, 1, undefined]];
  while (stack.length) {
    const [n, d, parentOp] = stack.pop() as [unknown, number, unknown];
    if (Array.isArray(n)) {
      for (const c of n) stack.push([c, d, parentOp]);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const op = (n as { op: unknown }).op;
    const depth = BALANCED.has(op as string) && op === parentOp ? d - 1 : d;
    if (depth > max) max = depth;
    const args = (n as unknown as { args: unknown }).args;
    if (args && typeof args === 'object') stack.push([args, depth + 1, op]);
  }
  return max;
}
