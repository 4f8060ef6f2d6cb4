// Text for GitHub Actions workflow commands (`::error file=…::message`). The runner reads
// every line of the log as a possible command, so data escapes %, CR and LF and a property
// escapes ',' and ':' too, as GitHub's toolkit does (actions/toolkit, packages/core/src/command.ts:
// escapeData, escapeProperty). Other control characters are shown rather than written, as
// in a terminal: the log renders ESC sequences, and the command is often run in a terminal.
import { showControls } from './controls.js';

export const commandData = (s: string): string =>
  showControls(s, '\r\n').replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export const commandProperty = (s: string): string => commandData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
