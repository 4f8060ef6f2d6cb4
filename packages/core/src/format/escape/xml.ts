// Text for XML 1.0 (the JUnit report). Markup characters become references; characters
// XML 1.0 forbids even as references (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF,
// unpaired surrogates) cannot be carried at all, so they are shown instead, as the other
// formats show controls.
import { showControls } from './controls.js';

const MARKUP = /[<>&"']/g;
const NOT_XML = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const reference = (c: string): string => `&#${c.charCodeAt(0)};`;
const showNonXml = (text: string): string =>
  showControls(text, '\t\n\r').replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Character data: tab and line breaks kept as they are. */
export const xmlText = (text: string): string => showNonXml(text).replace(MARKUP, reference);

/** An attribute value: tab and line breaks as references too, or a parser turns them into spaces. */
export const xmlAttribute = (text: string): string => showNonXml(text).replace(/[<>&"'\t\n\r]/g, reference);
