import type { ReactNode } from "react";

/** A labelled form control with its error message under it. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass = "h-11 rounded-md border border-ink-200 bg-white px-3 disabled:bg-ink-100";

/** The control's id, and its invalid state tied to the error message FormField shows. */
export const fieldAria = (id: string, error?: string) => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});
