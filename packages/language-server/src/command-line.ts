// The language server's command line. vscode-languageserver reads the transport options itself;
// this only answers --help and refuses what neither of us knows, so a typo is reported instead
// of a server waiting on a transport nobody talks to.

export const LANGUAGE_SERVER_USAGE = `Usage: platlint-language-server --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The platlint language server (LSP): the CLI's diagnostics as you type, hover documentation,
completion, quick fixes, document symbols and go to definition. Editors start it.

Options (one transport):
      --stdio               Speak LSP over standard input and output
      --node-ipc            Speak LSP over Node's IPC channel (a parent Node process)
      --socket=PORT         Connect to a socket on PORT
      --pipe=NAME           Connect to a named pipe
      --clientProcessId=PID Exit when the editor's process ends (editors pass it)
  -h, --help                Show this help
`;

const KNOWN = /^--(stdio|node-ipc|socket=\d+|pipe=.+|clientProcessId=\d+)$/;

export type CommandLine = { action: 'serve' } | { action: 'help' } | { action: 'usage-error'; message: string };

export function readCommandLine(argv: readonly string[]): CommandLine {
  if (argv.some((a) => a === '--help' || a === '-h')) return { action: 'help' };
  const unknown = argv.filter((a) => !KNOWN.test(a));
  if (unknown.length > 0) return { action: 'usage-error', message: `unknown option ${unknown.map((a) => `"${a}"`).join(', ')}` };
  if (!argv.some((a) => /^--(stdio|node-ipc|socket=|pipe=)/.test(a)))
    return { action: 'usage-error', message: 'choose a transport: --stdio, --node-ipc, --socket=PORT or --pipe=NAME' };
  return { action: 'serve' };
}
