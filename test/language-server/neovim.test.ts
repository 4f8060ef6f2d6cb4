// Neovim as a client that does not pull diagnostics (Debian's 0.7 has no LSP 3.17 pull): the
// built server, started by `nvim --headless` through vim.lsp, must push the CLI's findings.
// Skipped where nvim is not installed (`apt-get install neovim`). Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SERVER, cliDiagnostics } from './cli-findings.js';

const hasNeovim = spawnSync('nvim', ['--version'], { stdio: 'ignore' }).status === 0;

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: -2',
  '  strategy:',
  '    type: recreate',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          image: nginx:1.27',
  '',
].join('\n');

// Starts the server for the current buffer, waits for its diagnostics, writes them as JSON.
// (vim.lsp.start_client rather than vim.lsp.start, which came in 0.8.)
const SCRIPT = `
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = 'platlint', cmd = { os.getenv('PLATLINT_NODE'), os.getenv('PLATLINT_SERVER'), '--stdio' }, root_dir = vim.fn.getcwd() })
vim.lsp.buf_attach_client(buf, client)
local arrived = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local found = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = (d.user_data or {}).lsp or {}
  table.insert(found, { code = lsp.code, message = d.message, severity = d.severity, line = d.lnum, character = d.col, endLine = d.end_lnum, endCharacter = d.end_col })
end
vim.fn.writefile({ vim.fn.json_encode({ arrived = arrived, diagnostics = found }) }, os.getenv('PLATLINT_OUT'))
vim.cmd('qa!')
`;

interface NeovimDiagnostic {
  code: string;
  message: string;
  severity: number;
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

describe.skipIf(!hasNeovim)('language server in neovim (push diagnostics)', () => {
  it("shows the CLI's findings for a file opened in neovim", () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-nvim-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'app.yaml'), DEPLOYMENT);
    writeFileSync(join(dir, 'client.lua'), SCRIPT);
    const out = join(dir, 'out.json');
    const run = spawnSync(
      'nvim',
      ['--headless', '-n', '-u', 'NONE', '-i', 'NONE', 'app.yaml', '-c', 'set filetype=yaml', '-c', 'luafile client.lua'],
      {
        cwd: dir,
        env: { ...process.env, PLATLINT_NODE: process.execPath, PLATLINT_SERVER: SERVER, PLATLINT_OUT: out },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const { arrived, diagnostics } = JSON.parse(readFileSync(out, 'utf8')) as {
      arrived: boolean;
      diagnostics: NeovimDiagnostic[];
    };
    expect(arrived).toBe(true);
    const asLsp = diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      range: { start: { line: d.line, character: d.character }, end: { line: d.endLine, character: d.endCharacter } },
    }));
    // Neovim sorts by position; the CLI by position and rule.
    const place = (d: { range?: { start: { line: number; character: number } } }): number =>
      d.range ? d.range.start.line * 1e6 + d.range.start.character : -1;
    const expected = cliDiagnostics(dir, ['app.yaml']).get('app.yaml') ?? [];
    expect(expected.map((d) => d.code)).toEqual(expect.arrayContaining(['schema/range', 'schema/enum']));
    expect(asLsp.sort((a, b) => place(a) - place(b))).toEqual([...expected].sort((a, b) => place(a) - place(b)));
  });
});
