// The CEL rules of a definition run on its custom resources as the API server runs them. Each
// case restates upstream apiextensions-apiserver pkg/apiserver/schema/cel (validation.go
// Validator.validateExpressions, ratchetingOptions; compilation.go Compile, prepareEnvSet) or one
// of its tests (compilation_test.go TestCelCompilation; the e2e crd_validation_ratcheting.go), by
// name; `errors` are the paths the refusal names.
import {
  SourceFile,
  catalog,
  catalogWith,
  collectObjects,
  defaultConfig,
  lintSources,
  type DefinitionSource,
} from '@platlint/core';
import { describe, expect, it } from 'vitest';
import rule from './validation-rules.js';

type Json = Record<string, unknown>;

function definition(spec: Json): DefinitionSource {
  const schema = { type: 'object', properties: { spec } };
  return {
    source: 'crd.yaml',
    value: {
      apiVersion: 'apiextensions.plat.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: {
        group: 'example.com',
        scope: 'Namespaced',
        names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
      },
    },
  };
}

const widget = (spec: Json): string =>
  JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec });

/** The findings of the rule on `object`, with `old` as the stored object on an update: `path: message`. */
function findings(def: DefinitionSource, object: Json, old?: Json): string[] {
  const config = defaultConfig(process.cwd());
  const withDefinition = catalogWith(catalog, [def]);
  const oldObjects = old === undefined ? undefined : collectObjects(SourceFile.fromText('old.yaml', widget(old)), withDefinition);
  const [result] = lintSources({
    files: [SourceFile.fromText('cr.yaml', widget(object))],
    rules: [rule],
    configFor: () => config,
    catalog: withDefinition,
    oldObjects,
  });
  return (result?.diagnostics ?? []).filter((d) => d.ruleId === rule.meta.id).map((d) => `${d.path}: ${d.message}`);
}

const rules = (...list: Json[]): Json => ({ 'x-kubernetes-validations': list });
/** `spec.size`, an integer that may not shrink, written with an optional oldSelf. */
const sizeMayNotShrink = definition({
  type: 'object',
  properties: {
    size: {
      type: 'integer',
      ...rules({ rule: '!oldSelf.hasValue() || self >= oldSelf.value()', optionalOldSelf: true, message: 'size may not shrink' }),
    },
  },
});

describe('optionalOldSelf (validation.go validateExpressions: optionalOldSelfRule; compilation.go prepareEnvSet: oldSelf is optional(T))', () => {
  it('runs on a create, with oldSelf = optional.none(): a guarded rule passes', () => {
    expect(findings(sizeMayNotShrink, { size: 3 })).toEqual([]);
  });

  it('runs on an update with oldSelf = optional.of(old): a shrink is refused, a growth passes', () => {
    expect(findings(sizeMayNotShrink, { size: 3 }, { size: 5 })).toEqual(['spec.size: size may not shrink']);
    expect(findings(sizeMayNotShrink, { size: 7 }, { size: 5 })).toEqual([]);
  });

  it('runs on an update where the old object has no value there (optional.none())', () => {
    const def = definition({
      type: 'object',
      properties: {
        size: {
          type: 'integer',
          ...rules({ rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'size may only be set at creation' }),
        },
      },
    });
    expect(findings(def, { size: 3 }, {})).toEqual(['spec.size: size may only be set at creation']);
  });

  it('a rule `oldSelf.hasValue()` fails on a create (validation.go validateExpressions: optionalOldSelfActivation with optional.none())', () => {
    const def = definition({
      type: 'object',
      properties: {
        size: { type: 'integer', ...rules({ rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'foobarErrorMessage' }) },
      },
    });
    expect(findings(def, { size: 3 })).toEqual(['spec.size: foobarErrorMessage']);
  });

  it('`oldSelf.orValue(self) == self` passes on a create and holds the value on an update (validation.go validationActivationWithOldSelf: optional.of(old))', () => {
    const def = definition({
      type: 'object',
      properties: {
        size: {
          type: 'integer',
          ...rules({ rule: 'oldSelf.orValue(self) == self', optionalOldSelf: true, message: 'size is immutable' }),
        },
      },
    });
    expect(findings(def, { size: 3 })).toEqual([]);
    expect(findings(def, { size: 3 }, { size: 4 })).toEqual(['spec.size: size is immutable']);
  });

  it('reads fields of an optional object through it (TestCelCompilation "optional complex transition rule type checking")', () => {
    const def = definition({
      type: 'object',
      properties: { i: { type: 'integer' }, o: { type: 'object', properties: { i: { type: 'integer' } } } },
      ...rules({
        rule: 'self.o.i >= oldSelf.o.i.orValue(1)',
        optionalOldSelf: true,
        message: 'o.i may not shrink below the old value, or 1',
      }),
    });
    expect(findings(def, { o: { i: 1 } })).toEqual([]);
    expect(findings(def, { o: { i: 0 } })).toEqual(['spec: o.i may not shrink below the old value, or 1']);
    expect(findings(def, { o: { i: 4 } }, { o: { i: 5 } })).toEqual(['spec: o.i may not shrink below the old value, or 1']);
  });

  it('`oldSelf.value()` on a create is an evaluation error, as optional.none() has no value', () => {
    const def = definition({
      type: 'object',
      properties: { size: { type: 'integer', ...rules({ rule: 'self >= oldSelf.value()', optionalOldSelf: true }) } },
    });
    expect(findings(def, { size: 3 })).toEqual([
      expect.stringMatching(/^spec\.size: validation rule `self >= oldSelf\.value\(\)` failed to evaluate: /),
    ]);
  });

  it('without optionalOldSelf a transition rule still waits for an old value', () => {
    const def = definition({
      type: 'object',
      properties: { size: { type: 'integer', ...rules({ rule: 'self >= oldSelf', message: 'size may not shrink' }) } },
    });
    expect(findings(def, { size: 3 })).toEqual([]);
    expect(findings(def, { size: 3 }, {})).toEqual([]);
    expect(findings(def, { size: 3 }, { size: 5 })).toEqual(['spec.size: size may not shrink']);
  });

  it('e2e crd_validation_ratcheting.go "MUST evaluate a CRD Validation Rule with oldSelf = nil for new values when optionalOldSelf is true"', () => {
    const def = definition({
      type: 'object',
      properties: {
        field: {
          type: 'string',
          maxLength: 5,
          ...rules({ rule: '!oldSelf.hasValue() || self != oldSelf.value()', optionalOldSelf: true, message: 'must change' }),
        },
      },
    });
    expect(findings(def, { field: 'foo' })).toEqual([]);
    expect(findings(def, { field: 'foo' }, { field: 'foo' })).toEqual(['spec.field: must change']);
    expect(findings(def, { field: 'new' }, { field: 'foo' })).toEqual([]);
  });

  it('a messageExpression that reads oldSelf gives way to the message (evalMessageExpression runs with the plain activation)', () => {
    const def = definition({
      type: 'object',
      properties: {
        size: {
          type: 'integer',
          ...rules({
            rule: 'oldSelf.hasValue()',
            optionalOldSelf: true,
            message: 'static',
            messageExpression: "oldSelf.hasValue() ? 'had one' : 'had none'",
          }),
        },
      },
    });
    expect(findings(def, { size: 3 })).toEqual(['spec.size: static']);
  });
});

describe('ratcheting (validation.go ratchetingOptions.shouldRatchetError, addErr)', () => {
  it('does not refuse an unchanged value again for a rule without oldSelf', () => {
    const def = definition({
      type: 'object',
      properties: { size: { type: 'integer', ...rules({ rule: 'self < 10', message: 'too big' }) } },
    });
    expect(findings(def, { size: 20 }, { size: 20 })).toEqual([]);
    expect(findings(def, { size: 21 }, { size: 20 })).toEqual(['spec.size: too big']);
  });

  it('never ratchets a transition rule, optionalOldSelf or not (e2e "MUST NOT ratchet errors raised by transition rules")', () => {
    const strict = definition({
      type: 'object',
      properties: { size: { type: 'integer', ...rules({ rule: 'self > oldSelf', message: 'size must grow' }) } },
    });
    expect(findings(strict, { size: 5 }, { size: 5 })).toEqual(['spec.size: size must grow']);
    const optional = definition({
      type: 'object',
      properties: {
        size: {
          type: 'integer',
          ...rules({ rule: '!oldSelf.hasValue() || self > oldSelf.value()', optionalOldSelf: true, message: 'size must grow' }),
        },
      },
    });
    expect(findings(optional, { size: 5 }, { size: 5 })).toEqual(['spec.size: size must grow']);
  });

  it('ratchets an item of an atomic list when the list is unchanged (nearestParentCorrelation), and not when it changed (e2e "MUST fail to update a resource due to CRD Validation Rule errors on unchanged uncorrelatable fields")', () => {
    const def = definition({
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string', ...rules({ rule: 'self.size() < 4', message: 'tag too long' }) } },
      },
    });
    expect(findings(def, { tags: ['long-tag'] }, { tags: ['long-tag'] })).toEqual([]);
    expect(findings(def, { tags: ['long-tag', 'x'] }, { tags: ['long-tag'] })).toEqual(['spec.tags[0]: tag too long']);
  });

  it('ratchets nothing on a create', () => {
    const def = definition({
      type: 'object',
      properties: { size: { type: 'integer', ...rules({ rule: 'self < 10', message: 'too big' }) } },
    });
    expect(findings(def, { size: 20 })).toEqual(['spec.size: too big']);
  });
});
