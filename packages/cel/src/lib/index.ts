// The process-wide library environment: every place-specific environment clones it, so
// the libraries are registered once.
import { Environment } from '@marcbachmann/cel-js';
import { installAuthorizer } from './authorizer.js';
import { installComprehensions } from './comprehensions.js';
import { installDuration } from './duration.js';
import { installHas } from './has.js';
import { installImage } from './image.js';
import { installJsonPatch } from './jsonpatch.js';
import { installLists } from './lists.js';
import { installMacroReceiver } from './macro.js';
import { defineNamespace } from './namespace.js';
import { installMath } from './math.js';
import { installNamedFormats } from './named-formats.js';
import { installNet, installNetNamespace, installNetTypeNames } from './net.js';
import { installOptionalLiterals } from './optional-literals.js';
import { installOptionals } from './optionals.js';
import { installQuantity } from './quantity.js';
import { installRegex } from './regex.js';
import { installSemver } from './semver.js';
import { installStrings } from './strings.js';
import { installURL } from './url.js';

let shared: Environment | undefined;

export function libraryEnvironment(): Environment {
  if (shared) return shared;
  const env = new Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false });
  installMacroReceiver(env);
  installComprehensions(env);
  installHas(env);
  installStrings(env);
  installDuration(env);
  installLists(env);
  installMath(env);
  installOptionals(env);
  installOptionalLiterals(env);
  installRegex(env);
  installNet(env);
  installNetNamespace(env, defineNamespace(env, 'ip'));
  installNetTypeNames(env);
  installQuantity(env);
  installSemver(env);
  installImage(env);
  installURL(env);
  installNamedFormats(env, defineNamespace(env, 'format'));
  installJsonPatch(env);
  installAuthorizer(env);
  shared = env;
  return env;
}
