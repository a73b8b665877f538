/** The text bar of a budget, `▰▰▰▱▱ 20.1 of 32 KiB`: five cells, one full per fifth spent (at least one once anything is). */
const CELLS = 5;

export function budgetBar(used: number, limit: number, unit: 'bytes' | 'characters' | 'tokens'): string {
  const kib = unit === 'bytes' && limit >= 1024;
  const show = (n: number) => (kib ? String(Math.round((n / 1024) * 10) / 10) : n.toLocaleString('en-US'));
  const ratio = limit > 0 ? Math.min(1, used / limit) : 1;
  const full = used > 0 ? Math.max(1, Math.round(ratio * CELLS)) : 0;
  return `${'▰'.repeat(full)}${'▱'.repeat(CELLS - full)} ${show(used)} of ${show(limit)} ${kib ? 'KiB' : unit}`;
}

/** A file size as the chains show it: `812 bytes`, `3.2 KiB`. */
export function byteSize(n: number): string {
  return n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KiB`;
}
