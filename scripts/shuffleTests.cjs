// Loaded into each test file's process by `node scripts/test.mjs --shuffle`: the top-level tests
// a file declares are registered in an order drawn from TEST_SHUFFLE_SEED (and the file's path),
// so a test that only passes after another one fails. Hooks (before, after…) keep their place.
/* eslint-disable @typescript-eslint/no-require-imports -- loaded with --require, before any module system: CommonJS by necessity */
const nodeTest = require('node:test');
const { syncBuiltinESMExports } = require('node:module');

let state = ((Number(process.env.TEST_SHUFFLE_SEED) >>> 0) ^ hash(process.argv[1] ?? '')) >>> 0 || 1;
const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;

function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const register = nodeTest.test;
let pending = null;
/** Collects the tests a module declares while it runs; registers them, shuffled, once it is done. */
function shuffled(...args) {
  if (!pending) {
    pending = [];
    queueMicrotask(() => {
      const calls = pending;
      pending = null;
      for (let i = calls.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [calls[i], calls[j]] = [calls[j], calls[i]];
      }
      for (const c of calls) register(...c);
    });
  }
  pending.push(args);
}
Object.assign(shuffled, register);
nodeTest.test = shuffled;
nodeTest.it = shuffled;
syncBuiltinESMExports();
