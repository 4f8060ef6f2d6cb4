/** A mistake on the command line: reported with the usage text, exit status 2. */
export class UsageError extends Error {}
