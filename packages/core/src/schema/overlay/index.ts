/**
 * The complete overlay: the resource kinds (spec documents A, B and the MutatingAdmissionPolicy
 * part of C) merged with the API-server configuration kinds (document C).
 */
import type { Overlay, TypeOverlay } from '../overlay-types.js';
import { configKindsOverlay } from './config-kinds.js';
import { resourceKindsOverlay } from './resource-kinds/index.js';

/** Merges overlays type by type and field by field; later entries win on the same key. */
function mergeOverlays(...parts: Overlay[]): Overlay {
  const out: Overlay = {};
  for (const part of parts) {
    for (const [id, entry] of Object.entries(part)) {
      const prev: TypeOverlay | undefined = out[id];
      if (!prev) {
        out[id] = { ...entry, ...(entry.fields ? { fields: { ...entry.fields } } : {}) };
        continue;
      }
      const fields = { ...prev.fields };
      for (const [name, field] of Object.entries(entry.fields ?? {})) {
        fields[name] = { ...fields[name], ...field };
      }
      out[id] = { ...prev, ...entry, fields };
    }
  }
  return out;
}

export { configKindsOverlay, resourceKindsOverlay };

export const overlay: Overlay = mergeOverlays(resourceKindsOverlay, configKindsOverlay);
