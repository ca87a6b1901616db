/** What a filter form's place shows while its code loads. */
export const filtersLoading = <p className="text-sm text-ink-600">Loading filters…</p>;
