// Runs in the test page: starts dist/web/server.js in a Web Worker and speaks JSON-RPC with it
// over postMessage, as VS Code's browser language client does. The workspace is an in-memory map
// of URI → text: the page answers the server's agentFiles/fs/* requests from it (and counts them).
/* global window, Worker */
window.harness = {
  start(files) {
    this.files = new Map(Object.entries(files));
    this.diagnostics = {};
    this.fsCalls = {};
    this.log = [];
    this.pending = new Map();
    this.nextId = 1;
    this.worker = new Worker('/server.js');
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.log.push(`worker error: ${e.message}`);
  },
  receive(m) {
    if (m.method && m.id !== undefined) {
      let result = null;
      try {
        result = this.answer(m.method, m.params);
      } catch (e) {
        this.worker.postMessage({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: String(e) } });
        return;
      }
      this.worker.postMessage({ jsonrpc: '2.0', id: m.id, result });
    } else if (m.method === 'textDocument/publishDiagnostics') {
      this.diagnostics[m.params.uri] = m.params.diagnostics;
    } else if (m.method === 'window/logMessage') {
      this.log.push(m.params.message);
    } else if (m.id !== undefined && this.pending.has(m.id)) {
      const { resolve, reject } = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) reject(new Error(m.error.message));
      else resolve(m.result);
    }
  },
  isFolder(uri) {
    const prefix = uri.replace(/\/$/, '') + '/';
    for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
    return false;
  },
  answer(method, params) {
    if (method.startsWith('agentFiles/fs/')) this.fsCalls[method] = (this.fsCalls[method] ?? 0) + 1;
    switch (method) {
      case 'agentFiles/fs/findFiles': {
        const prefix = params.folder.replace(/\/$/, '') + '/';
        return { uris: [...this.files.keys()].filter((k) => k.startsWith(prefix)).slice(0, params.limit) };
      }
      case 'agentFiles/fs/stat':
        if (this.files.has(params.uri)) return { type: 'file', size: new TextEncoder().encode(this.files.get(params.uri)).length };
        return this.isFolder(params.uri) ? { type: 'directory', size: 0 } : null;
      case 'agentFiles/fs/readFile':
        return this.files.has(params.uri) ? { text: this.files.get(params.uri) } : null;
      case 'workspace/configuration':
        return params.items.map(() => null);
      default:
        return null; // client/registerCapability, window/workDoneProgress/create
    }
  },
  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ jsonrpc: '2.0', id, method, params });
    });
  },
  notify(method, params) {
    this.worker.postMessage({ jsonrpc: '2.0', method, params });
  },
};
