// Resource quantities ("500m", "1.5Gi") and the resource names that decide how they are checked.
// Core owns the grammar and the exact arithmetic (the `quantity` format and CEL's quantity() read
// the same parser); the kit re-exports it and adds what the rules of resources share: per-name
// totals, and which resources are extended, huge pages, or may be overcommitted.
import { addQuantities, compareQuantities, parseQuantity } from '@platlint/core';
import type { FieldPath, Quantity, RuleContext } from '@platlint/core';

/**
 * From core: the exact value of a quantity (a YAML number counts as its decimal text; undefined
 * when malformed, which the `quantity` format reports), its order and its sum.
 */
export { addQuantities, compareQuantities, parseQuantity };
export type { Quantity };

/** The prefix of a huge-page resource name; the page size follows it (`hugepages-2Mi`). */
export const HUGEPAGES = 'hugepages-';

/** The platform's own domain: names under it are native resources, not extended ones. */
export const NATIVE_DOMAIN = 'plat.io/';

/** An extended resource: a qualified name with a domain that is not the platform's own. */
export function isExtended(name: string): boolean {
  return name.includes('/') && !name.includes(NATIVE_DOMAIN) && !name.startsWith('requests.');
}

/**
 * Whether a resource may be requested below its limit: the platform's own resources may, except
 * huge pages; extended resources (a domain of their own, such as example.com/gpu) may not.
 */
export function overcommitAllowed(name: string): boolean {
  if (name.startsWith(HUGEPAGES)) return false;
  return !name.includes('/') || name.includes(NATIVE_DOMAIN);
}

/** Adds each quantity of `more` into `total`, name by name: what several containers need together. */
export function addAmounts(total: Map<string, Quantity>, more: Map<string, Quantity>): void {
  for (const [name, quantity] of more)
    total.set(name, total.has(name) ? addQuantities(total.get(name) as Quantity, quantity) : quantity);
}

/** Raises each quantity of `total` to `other`'s where that is larger: the peak of things that run one after another. */
export function maxAmounts(total: Map<string, Quantity>, other: Map<string, Quantity>): void {
  for (const [name, quantity] of other)
    if (!total.has(name) || compareQuantities(quantity, total.get(name) as Quantity) > 0) total.set(name, quantity);
}

/** The message of reportIndivisibleHugePages, for the meta.messages of each rule that calls it. */
export const INDIVISIBLE_HUGE_PAGES = {
  indivisibleHugePages: '{{name}} {{value}} is not a whole number of {{size}} pages',
} as const;

/**
 * validateResourceQuantityHugePageValue (kubernetes/kubernetes pkg/apis/core/validation/validation.go,
 * called by validateResourceRequirements for limits and requests alike, in containers and in the
 * pod's own resources): a huge-page amount is a whole number of pages of the size its name gives.
 * A name whose size is not a quantity is deployment/resource-names'.
 */
export function reportIndivisibleHugePages(
  context: RuleContext,
  name: string,
  raw: unknown,
  quantity: Quantity,
  at: FieldPath,
): void {
  const page = parseQuantity(name.slice(HUGEPAGES.length));
  if (!page || page.num <= 0n || page.num % page.den !== 0n) return;
  const pageBytes = page.num / page.den;
  // The server compares whole bytes, a fraction of a byte rounded up.
  const bytes = (quantity.num + quantity.den - 1n) / quantity.den;
  if (bytes % pageBytes !== 0n)
    context.report({
      path: at,
      messageId: 'indivisibleHugePages',
      data: { name, value: String(raw), size: name.slice(HUGEPAGES.length) },
    });
}
