/**
 * Money per campaign on the dashboard (issue 59, item 7; docs/decisions/0416), the pure part: how one ledger entry
 * splits between the deposit and the instalments, set against the plan in the ledger's order as the schedule is. A
 * refund or reversal takes back from the instalments first, then the deposit, so every figure is net of them.
 */

/** The part of an entry that went to (or came back from) the deposit, given the plan's balance before it. */
export function depositPartOf(before: number, amountKobo: number, depositKobo: number): number {
  const clamp = (balance: number) => Math.min(Math.max(balance, 0), depositKobo);
  return clamp(before + amountKobo) - clamp(before);
}

export interface MoneyRow {
  key: string;
  depositsKobo: number;
  instalmentsKobo: number;
  totalKobo: number;
}

/** Rows added up by key, the largest total first. */
export class MoneyRows {
  private readonly rows = new Map<string, MoneyRow>();

  add(key: string, depositKobo: number, instalmentKobo: number) {
    const row = this.rows.get(key) ?? { key, depositsKobo: 0, instalmentsKobo: 0, totalKobo: 0 };
    row.depositsKobo += depositKobo;
    row.instalmentsKobo += instalmentKobo;
    row.totalKobo += depositKobo + instalmentKobo;
    this.rows.set(key, row);
  }

  list(order: 'total' | 'key' = 'total'): MoneyRow[] {
    const rows = [...this.rows.values()];
    return order === 'key'
      ? rows.sort((a, b) => a.key.localeCompare(b.key))
      : rows.sort((a, b) => b.totalKobo - a.totalKobo || a.key.localeCompare(b.key));
  }
}
