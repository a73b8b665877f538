-- Minimal Neovim (0.7+) configuration for the end-to-end test: attach the Agent Files language
-- server to .3md files with the built-in LSP client, then dump what the client received.
-- The server command comes from $AGENT_FILES_LSP_CMD (space-separated), default
-- "node dist/server.js --stdio" relative to the repository root in $AGENT_FILES_ROOT.
local root = os.getenv('AGENT_FILES_ROOT') or vim.fn.getcwd()
local cmd_text = os.getenv('AGENT_FILES_LSP_CMD') or ('node ' .. root .. '/dist/server.js --stdio')
local cmd = vim.split(cmd_text, ' ', { trimempty = true })

vim.cmd('autocmd BufRead,BufNewFile *.3md setfiletype threemd')
vim.cmd('autocmd BufRead,BufNewFile SKILL.md,AGENT.md setfiletype markdown')

local client_id
vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'threemd', 'markdown', 'json' },
  callback = function(args)
    if not client_id then
      client_id = vim.lsp.start_client({
        name = 'agent-files',
        cmd = cmd,
        root_dir = os.getenv('AGENT_FILES_WORKSPACE') or vim.fn.getcwd(),
      })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})

-- Keep the raw LSP payload of every publishDiagnostics, and note that it arrived (even empty).
local published = {}
local default_handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  default_handler(err, result, ctx, config)
  published[result.uri] = result.diagnostics
end

-- Waits until the server published diagnostics for the current buffer (at most timeout_ms),
-- writes {file, filetype, published, shown} as one JSON line on stdout and quits: exit code 0
-- when something was published, 1 on timeout. `published` is the raw LSP list; `shown` is what
-- Neovim's diagnostic framework holds for the buffer.
function _G.agent_files_dump(timeout_ms)
  local uri = vim.uri_from_bufnr(0)
  local ok = vim.wait(timeout_ms or 15000, function() return published[uri] ~= nil end, 20)
  local shown = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(shown, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message })
  end
  local out = { file = vim.api.nvim_buf_get_name(0), filetype = vim.bo.filetype,
    published = published[uri] or vim.NIL, shown = shown }
  io.stdout:write(vim.fn.json_encode(out) .. '\n')
  vim.cmd(ok and 'qall!' or 'cquit! 1')
end
