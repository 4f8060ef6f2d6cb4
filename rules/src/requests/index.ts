// API request URL checks (`platlint request`): a library, not a rule module, since it judges
// a method and URL rather than a manifest.
export { checkRequest, parseRequestUrl, REQUEST_RULES, RequestUrlError } from './check.js';
export type { CheckRequestOptions, ParsedRequestUrl, RequestFinding, RequestRuleId } from './check.js';
export { METHODS, OPERATIONS, operationsForPath } from './operations.js';
export type { HttpMethod, Operation, OperationName } from './operations.js';
export { PARAMETER_TYPES, QUERY_SETS } from './parameters.js';
export type { ParameterType, QuerySetName } from './parameters.js';
