/**
 * How many cases a property test runs: all `n` under `npm run test:stress` (which sets
 * AGENT_FILES_STRESS=1), a fifth of them (at least 20) in `npm test`, so that the everyday run
 * stays short and the full search still runs in CI.
 */
export const runs = (n: number): number => (process.env['AGENT_FILES_STRESS'] ? n : Math.max(20, Math.ceil(n / 5)));
