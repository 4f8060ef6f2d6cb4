import type { Rule } from '@platlint/core';
import addressReadiness from './address-readiness.js';
import appProtocol from './app-protocol.js';
import deprecated from './deprecated.js';
import ipAddress from './ip-address.js';
import portName from './port-name.js';
import subsetAddresses from './subset-addresses.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [deprecated, ipAddress, addressReadiness, subsetAddresses, portName, appProtocol];
