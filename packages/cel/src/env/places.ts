// The environment of each CEL place the schema tree marks (core's CEL_PLACES): the one map
// from a place's name to its CelEnvironment, for the rules, the language server and the
// admission engine. Core names the places; the environments live here, as core imports no CEL.
import type { CelPlace } from '@platlint/core';
import { admissionEnvironment, type AdmissionEnvironmentOptions, type AdmissionPlace } from './admission.js';
import { claimsEnvironment, userValidationEnvironment, type ClaimsPlace } from './authentication.js';
import { webhookMatchEnvironment } from './authorization.js';
import type { CelEnvironment, CelLimits } from './environment.js';

export interface PlaceEnvironmentOptions {
  /** The platform release whose CEL libraries the expressions may use (newest when unset). */
  release?: string;
  limits?: Partial<CelLimits>;
  /** What an admission environment is built from: schemas of object and params, earlier variables. */
  admission?: Omit<AdmissionEnvironmentOptions, 'release' | 'limits'>;
}

type Build = (options: PlaceEnvironmentOptions) => CelEnvironment;

const admission =
  (place: AdmissionPlace): Build =>
  (o) =>
    admissionEnvironment(place, { ...o.admission, limits: o.limits, release: o.release });
const claims =
  (place: ClaimsPlace): Build =>
  (o) =>
    claimsEnvironment(place, o.limits, o.release);

// A Record over every place: a place added to core without an environment fails to compile.
const ENVIRONMENTS: Record<CelPlace, { build: Build; admission?: AdmissionPlace }> = {
  'admission.matchCondition': { build: admission('matchCondition'), admission: 'matchCondition' },
  'admission.variable': { build: admission('variable'), admission: 'variable' },
  'admission.applyConfiguration': { build: admission('applyConfiguration'), admission: 'applyConfiguration' },
  'admission.jsonPatch': { build: admission('jsonPatch'), admission: 'jsonPatch' },
  'authentication.claimValidationRule': { build: claims('claimValidationRule') },
  'authentication.username': { build: claims('username') },
  'authentication.groups': { build: claims('groups') },
  'authentication.uid': { build: claims('uid') },
  'authentication.extra': { build: claims('extra') },
  'authentication.userValidationRule': { build: (o) => userValidationEnvironment(o.limits, o.release) },
  'authorization.webhookMatchCondition': { build: (o) => webhookMatchEnvironment(o.limits, o.release) },
};

/** The environment expressions at this place compile in. */
export function celEnvironmentFor(place: CelPlace, options: PlaceEnvironmentOptions = {}): CelEnvironment {
  return ENVIRONMENTS[place].build(options);
}

/** The admission environment's own name for a place of a MutatingAdmissionPolicy; undefined elsewhere. */
export function admissionPlaceOf(place: CelPlace): AdmissionPlace | undefined {
  return ENVIRONMENTS[place].admission;
}
