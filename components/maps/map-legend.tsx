import { scaleQuantile, scaleThreshold } from "d3-scale";

/** Five shades from few to many, the map's key: light enough at the low end to read on white. */
const SHADES = ["#fff3cd", "#ffd966", "#f2a900", "#c98a00", "#8a5d00"];

/**
 * Shades for counts: up to five classes of about as many places each, at whole-number bounds
 * (small counts repeat, so fewer classes may remain), and the key's label for each class.
 */
export function shadesFor(counts: number[]): { shade: (count: number) => string; key: Array<{ color: string; label: string }> } {
  const positive = counts.filter((count) => count > 0);
  if (positive.length === 0) return { shade: () => SHADES[0], key: [] };
  const low = Math.min(...positive);
  const high = Math.max(...positive);
  const bounds = [
    ...new Set(
      scaleQuantile()
        .domain(positive)
        .range([0, 1, 2, 3, 4])
        .quantiles()
        .map((bound) => Math.ceil(bound)),
    ),
  ].filter((bound) => bound > low && bound <= high);
  const colors = SHADES.slice(SHADES.length - bounds.length - 1);
  const scale = scaleThreshold<number, string>().domain(bounds).range(colors);
  const starts = [low, ...bounds];
  const key = colors.map((color, index) => {
    const from = starts[index];
    const to = index + 1 < starts.length ? starts[index + 1] - 1 : high;
    return { color, label: from === to ? `${from}` : `${from}–${to}` };
  });
  return { shade: scale, key };
}

export function MapLegend({ items, label }: { items: Array<{ color: string; label: string }>; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-700">
      <span>{label}:</span>
      {items.map((item) => (
        <span key={item.color} className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm border border-ink-200" style={{ background: item.color }} />
          {item.label}
        </span>
      ))}
    </div>
  );
}
