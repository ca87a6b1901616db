import { NearMeButton } from "./near-me";

/** Find vendors near me: a plain GET form, so it works without JavaScript, and "Use my location". */
export function LocationSearch({ state }: { state?: string }) {
  return (
    <>
      <form action="/us/search" method="get" role="search" className="flex max-w-xl flex-col gap-2 sm:flex-row">
        <label htmlFor="location-search" className="sr-only">
          ZIP code or city
        </label>
        <input
          id="location-search"
          name="q"
          required
          minLength={2}
          maxLength={100}
          placeholder="Enter a ZIP code or city"
          className="h-12 w-full rounded-md border border-ink-200 bg-white px-4 text-ink-900 placeholder:text-ink-600 sm:flex-1"
        />
        {state && <input type="hidden" name="state" value={state} />}
        <button type="submit" className="h-12 rounded-md bg-brand-500 px-6 font-semibold text-ink-900 hover:bg-brand-400">
          Find vendors near me
        </button>
      </form>
      <NearMeButton />
    </>
  );
}
