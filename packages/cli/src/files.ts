/** What every command prints for a directory link the file finder did not follow. */
export function skippedLinkNote(write: (text: string) => void): (skipped: { link: string; target: string }) => void {
  return (s) => write(`platlint: not following ${s.link}: it leads back to ${s.target}, which holds it\n`);
}
