// Loopback helpers shared by the code-server suites (extension host and UI).
import { get } from 'node:http';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1, asked from the kernel so parallel runs do not collide. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** True once code-server on `port` answers its health check. */
export const healthy = (port) =>
  new Promise((resolve) => {
    get(`http://127.0.0.1:${port}/healthz`, (r) => {
      r.resume();
      resolve(r.statusCode === 200);
    }).on('error', () => resolve(false));
  });
