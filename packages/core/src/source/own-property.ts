/**
 * Keys read from YAML or JSON are data. Plain assignment treats `__proto__` as the
 * prototype setter, and `in` or a bare lookup finds `constructor` and friends on
 * Object.prototype; these helpers keep every key an ordinary own property.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** The value of an own property, never one inherited from Object.prototype. */
export function getOwn(target: object, key: string): unknown {
  return Object.hasOwn(target, key) ? (target as Record<string, unknown>)[key] : undefined;
}
