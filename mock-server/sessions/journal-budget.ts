/**
 * The journals' byte cap over every session (docs/qa-guide.md "Journal"):
 * each session's journal registers here, and past the cap the oldest entries
 * of all of them go first.
 */

/** Estimated bytes every journal together may hold (16 flooded sessions' worth). */
export const JOURNAL_TOTAL_BYTES = 64 * 1024 * 1024;

/** What the budget needs of a journal (journal.ts). */
interface BudgetedJournal {
  /** JournalBudget order of its oldest kept entry (Infinity when empty). */
  oldestOrder(): number;
  dropOldest(): void;
}

/** The byte cap over every session's journal; each journal registers itself here. */
export class JournalBudget {
  private readonly journals = new Set<BudgetedJournal>();
  private order = 0;
  /** Estimated bytes held by every registered journal. */
  used = 0;

  constructor(readonly maxBytes = JOURNAL_TOTAL_BYTES) {}

  register(j: BudgetedJournal): void {
    this.journals.add(j);
  }

  unregister(j: BudgetedJournal): void {
    this.journals.delete(j);
  }

  nextOrder(): number {
    return ++this.order;
  }

  /** Drop the oldest entries of all journals until the total fits. */
  enforce(): void {
    while (this.used > this.maxBytes) {
      let oldest: BudgetedJournal | undefined;
      let at = Infinity;
      for (const j of this.journals) {
        const o = j.oldestOrder();
        if (o < at) {
          at = o;
          oldest = j;
        }
      }
      if (!oldest) return;
      oldest.dropOldest();
    }
  }
}
