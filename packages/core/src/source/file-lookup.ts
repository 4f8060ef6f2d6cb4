import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Whether `directory` (absolute, normalised) holds an entry `name`, as existsSync says. */
export type FileLookup = (directory: string, name: string) => boolean;

/** The disk's answer; a run that walked the tree answers from its listings first (lint/find-files.ts DirectoryListings). */
export const existsOnDisk: FileLookup = (directory, name) => existsSync(join(directory, name));
