// The public API of @platlint/core: what the packages above it (rules, admission, cli,
// language-server) and the repository's tests and scripts use, and nothing else. Everything
// else in core is internal; a test that needs an internal module imports it by path.
// checkOneOf stays for rule authors: the README documents it.
export type { Diagnostic, Fix, Range } from './diagnostics.js';
export { compareRuleIds } from './diagnostics.js';
export { addBounded, keepBounded } from './bounded-memo.js';
export { SourceFile } from './source/source-file.js';
export {
  readBoundedFileSync,
  readBoundedStream,
  readFailureReason,
  readProblemOf,
  UnreadableFileError,
} from './source/read-bounded.js';
export type { ReadProblem } from './source/read-bounded.js';
export { formatPath, parsePath } from './source/field-path.js';
export type { FieldPath, PathSegment } from './source/field-path.js';
export { getOwn, setOwn } from './source/own-property.js';
export { isJsonObject, nestingOf } from './source/json-value.js';
export { API_SERVER_MAX_NESTING } from './source/nesting.js';
export { YAML_ESCAPES } from './source/yaml-escapes.js';
export { addQuantities, compareQuantities, parseDuration, parseQuantity } from './values/index.js';
export type { Quantity } from './values/quantity.js';
export { Catalog, catalog } from './kinds/catalog.js';
export { customVersionOf, customVersionsOf } from './custom-resources/definition.js';
export type { CustomVersion } from './custom-resources/definition.js';
export {
  CustomKindConflictError,
  catalogWith,
  definitionsIn,
  definitionsInSource,
  mayHoldDefinition,
  readDefinitions,
} from './custom-resources/sources.js';
export { ReadFiles } from './lint/read-files.js';
export type { DefinitionSource } from './custom-resources/sources.js';
export { defaultedValue } from './custom-resources/prepare.js';
export { OpenApiDocumentError, readOpenApiDocuments } from './custom-resources/openapi.js';
export { re2PatternProblem, validateAgainstSchema, validateCustomResource } from './custom-resources/validate.js';
export { toSchemaNode } from './custom-resources/structural.js';
export type { KindInfo, KindMatch } from './kinds/catalog.js';
export { objectsOf } from './kinds/list-items.js';
export type { SchemaNode, ValidationRule } from './schema/tree.js';
export { fieldSchema, schemaAt, platlintInfo } from './schema/tree.js';
export type { CelPlace, FormatName } from './schema/overlay-types.js';
export { ANY_INDEX, celExpressionsIn, celFieldsOf, celPlaceAt } from './schema/cel-places.js';
export type { CelField } from './schema/cel-places.js';
export { mayHold } from './schema/reach.js';
export { gatedFieldsIn } from './schema/gated-fields.js';
export { WalkMemo } from './schema/walk-memo.js';
export { FileMemo, nextFile } from './lint/file-memo.js';
export { formats, ajvFormats, isSloppyIPv4 } from './validate/formats.js';
export { validateStructure, closest } from './validate/validator.js';
export { newTypeMismatches } from './validate/decode.js';
export { toJsonSchema, AJV_OPTIONS } from './validate/json-schema.js';
export { exportCustomSchemas, exportJsonSchemas } from './schema-export/index.js';
export type { ExportedSchema } from './schema-export/index.js';
export { defineRule, valueAt } from './rules/rule.js';
export { renderRuleIndex, renderRulePage } from './rules/rule-page.js';
export { checkOneOf } from './rules/conventions.js';
export type { MessageRef } from './rules/messages.js';
export type { OneOfOptions } from './rules/conventions.js';
export type {
  Rule,
  RuleMeta,
  RuleContext,
  ReportDescriptor,
  LintObject,
  LintSettings,
  ObjectLookup,
  OffsetSpan,
} from './rules/rule.js';
export { builtinRules } from './rules/builtin.js';
export { lintSources } from './lint/linter.js';
export { collectObjects } from './lint/recognise-documents.js';
export { readSource } from './lint/read-source.js';
export { lintAndFix } from './lint/fix-loop.js';
export { holdsManifest } from './lint/manifest.js';
export { ROLE_FILES } from './lint/file-roles.js';
export { LintEngine, UnknownRuleError, orderIndex } from './lint/run.js';
export { RunIndex, compareRunOrder } from './lint/run-index.js';
export type { IndexedResult, LintEngineOptions, LintedFile, PortableEntry } from './lint/run.js';
export { lintWithCache } from './lint/run-cache.js';
export {
  DirectoryListings,
  FileNotFoundError,
  UnreadableDirectoryError,
  findManifestFiles,
  findManifestFilesSync,
  listManifestFiles,
} from './lint/find-files.js';
export type { SkippedLink } from './lint/find-files.js';
export { ConfigError, ConfigResolver, CONFIG_FILE, IGNORE_FILE, defaultConfig, unknownRuleMessage } from './config/config.js';
export type { Config, ConfigProblem, RuleSetting } from './config/config.js';
export type { ApiServerConfigName } from './config/api-server-configs.js';
export { gateDefault, gateEnabled, releaseAtLeast } from './config/feature-gates.js';
export { formatters, summarize } from './format/index.js';
export type { Report } from './format/index.js';
export {
  SELECTOR_OPERATORS,
  comparesValues,
  isEmptySelector,
  isSelectorOperator,
  selectorMatches,
  TERM_VALUES_MESSAGES,
  termValuesProblem,
} from './labels/selector.js';
export type { LabelSelector } from './labels/selector.js';
export { textDigest } from './fix/write-fixes.js';
export { fixRoots } from './fix/fix-scope.js';
export { FileWatcher } from './watch/file-watcher.js';
export { reportBesideLoneEntry } from './fix/lone-entry.js';
