import type { KindInfo } from '../kinds/catalog.js';
import type { LintObject } from '../rules/rule.js';
import type { SchemaNode } from '../schema/tree.js';
import type { FieldPath } from '../source/field-path.js';
import { describeValue, validateStructure } from '../validate/validator.js';
import { diagnostic, placeFinding } from './place-reports.js';
import type { Gathering } from './recognise-object.js';

/**
 * A typed List (`kind: PodList`...): its envelope is checked against the list type, then each
 * item is an object of the list's kind at `items[i]`; an item that is not a mapping is a type error.
 * Inside a generic List it is refused: kubectl never writes one there, and the server would not take it.
 */
export function typedListItems(g: Gathering, record: Record<string, unknown>, kind: KindInfo, prefix: FieldPath): LintObject[] {
  const { document } = g;
  if (prefix.length) {
    const path = [...prefix, 'kind'];
    const message = `${String(record.kind)} cannot be an item of a List; list its ${kind.kind} objects as items directly`;
    g.out.push(diagnostic(g, 'schema/type', 'error', message, document, path, g.file.locate(document, path)));
    return [];
  }
  const envelope = { ...record, items: Array.isArray(record.items) ? [] : record.items };
  const listType = g.catalog.typeSchema(kind.entry.list?.type ?? '');
  for (const finding of validateStructure(listType, envelope)) placeFinding(g, document, finding);
  if (!Array.isArray(record.items)) return [];
  const items: LintObject[] = [];
  record.items.forEach((item, i) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      items.push({ file: g.file.path, document, prefix: ['items', i], kind, value: item as Record<string, unknown> });
    } else if (item !== null && item !== undefined) {
      placeFinding(g, document, {
        ruleId: 'schema/type',
        path: ['items', i],
        target: 'value',
        message: `must be a mapping (an object of kind ${kind.kind}), not ${describeValue(item)}`,
      });
    }
  });
  return items;
}

/**
 * A generic List (`v1 List`): its envelope is checked here; each item that is a mapping is
 * returned with its path, to be recognised like a document of its own.
 */
export function genericListItems(
  g: Gathering,
  record: Record<string, unknown>,
): { item: Record<string, unknown>; path: FieldPath }[] {
  for (const finding of validateStructure(genericListEnvelope(g), record)) placeFinding(g, g.document, finding);
  if (!Array.isArray(record.items)) return [];
  return record.items.flatMap((item, i) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? [{ item: item as Record<string, unknown>, path: ['items', i] }]
      : [],
  );
}

let genericListSchema: SchemaNode | undefined;

/** The envelope of a generic List: ListMeta and a list of objects, as the server's meta/v1 List type has. */
function genericListEnvelope(g: Pick<Gathering, 'catalog'>): SchemaNode {
  genericListSchema ??= {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: g.catalog.typeSchema('meta/v1.ListMeta'),
      items: { type: 'array', items: { type: 'object' } },
    },
  };
  return genericListSchema;
}
