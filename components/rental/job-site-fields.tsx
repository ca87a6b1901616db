import { WINDOW_PREFERENCES } from "@/lib/quotes/rental";

const INPUT = "mt-1 block w-full rounded-md border border-ink-300 p-2";

/** What a booking asks about the job site: its address, how to get in, who meets the machine, and when. */
export function JobSiteFields({ id, values }: { id: string; values?: Partial<Record<string, string | null>> }) {
  return (
    <fieldset className="space-y-2 text-sm">
      <legend className="font-semibold">Where and when</legend>
      <label className="block" htmlFor={`${id}-address`}>
        Job site street address
        <input
          id={`${id}-address`}
          name="site_address"
          required
          minLength={5}
          maxLength={200}
          autoComplete="street-address"
          defaultValue={values?.site_address ?? ""}
          className={INPUT}
        />
      </label>
      <label className="block" htmlFor={`${id}-notes`}>
        Access notes (gate code, where to drop it)
        <textarea
          id={`${id}-notes`}
          name="access_notes"
          maxLength={500}
          rows={2}
          defaultValue={values?.access_notes ?? ""}
          className={INPUT}
        />
      </label>
      <label className="block" htmlFor={`${id}-contact`}>
        Site contact
        <input
          id={`${id}-contact`}
          name="site_contact"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={values?.site_contact ?? ""}
          className={INPUT}
        />
      </label>
      <label className="block" htmlFor={`${id}-phone`}>
        Site contact&apos;s phone
        <input
          id={`${id}-phone`}
          name="site_phone"
          type="tel"
          required
          maxLength={30}
          autoComplete="tel"
          defaultValue={values?.site_phone ?? ""}
          className={INPUT}
        />
      </label>
      <label className="block" htmlFor={`${id}-window`}>
        Delivery time you would like
        <select
          id={`${id}-window`}
          name="window_preference"
          required
          defaultValue={values?.window_preference ?? "morning"}
          className={INPUT}
        >
          {Object.entries(WINDOW_PREFERENCES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
