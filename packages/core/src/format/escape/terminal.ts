// Text for a terminal, one finding to a line: no control character of the file's reaches
// the screen (ESC sequences move the cursor, set the clipboard through OSC 52, and a line
// break would let a file's text pose as a line of ours, or as a CI workflow command).
import { showControls } from './controls.js';

export const forTerminal = (text: string): string => showControls(text);
