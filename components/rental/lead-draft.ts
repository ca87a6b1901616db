import { saveRequestDraft } from "@/lib/requests/actions";

export type Step = 1 | 2 | 3;
type Change = Record<string, string | boolean>;

/**
 * The draft lead's saves. Draft saves are best effort: a failure is logged, never shown.
 * Changes made before the draft exists are kept and saved as soon as it does.
 */
export class RequestDraft {
  private id: number | null = null;
  private unsaved: { step: Step; change: Change } | null = null;

  attach(id: number): void {
    this.id = id;
    if (this.unsaved) this.send(id, this.unsaved.step, this.unsaved.change);
    this.unsaved = null;
  }

  save(step: Step, change: Change): void {
    if (this.id === null) this.unsaved = { step, change: { ...this.unsaved?.change, ...change } };
    else this.send(this.id, step, change);
  }

  clear(): void {
    this.id = null;
    this.unsaved = null;
  }

  private send(leadId: number, step: Step, change: Change): void {
    saveRequestDraft({ leadId, step, ...change }).then(
      (result) => {
        if (!result.ok) console.error("Saving the rental request draft failed:", result.refusal);
      },
      (error) => console.error("Saving the rental request draft failed:", error),
    );
  }
}
