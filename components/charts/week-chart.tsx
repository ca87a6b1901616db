import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { format, parseISO } from "date-fns";

export interface Series {
  name: string;
  color: string;
  values: Array<number | null>;
  dashed?: boolean;
}

// A narrow canvas: at 320 px its 11-unit labels stay about 10 px tall, and on a wide screen the
// chart is held to 36rem.
const WIDTH = 340;
const HEIGHT = 190;
const MARGIN = { top: 10, right: 12, bottom: 24 };
// About an 11-unit digit's width: the left margin fits the longest tick label.
const CHAR_WIDTH = 6.5;

const weekLabel = (week: string) => format(parseISO(week), "MMM d");

/**
 * A line per series over weeks, drawn on the server, with its key above it, a summary for screen
 * readers, and its numbers in a table to open below.
 */
export function WeekChart({
  title,
  weeks,
  series,
  summary,
  unit = "",
  whole = false,
  max,
  testId,
}: {
  title: string;
  weeks: string[];
  series: Series[];
  summary: string;
  unit?: string;
  /** Counts: no tick between whole numbers. */
  whole?: boolean;
  /** The top at least (100 for a percentage); otherwise the largest value, rounded up. */
  max?: number;
  testId?: string;
}) {
  const all = series.flatMap((s) => s.values).filter((value): value is number => value !== null);
  const y = scaleLinear()
    .domain([0, Math.max(max ?? 1, ...all)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const yTicks = y.ticks(4).filter((tick) => !whole || Number.isInteger(tick));
  const left = Math.max(36, 8 + CHAR_WIDTH * Math.max(...yTicks.map((tick) => `${tick}${unit}`.length)));
  const x = scalePoint<string>()
    .domain(weeks)
    .range([left, WIDTH - MARGIN.right]);
  const fixed = (value: number) => Math.round(value * 10) / 10;
  const path = (values: Array<number | null>) =>
    line<number | null>()
      .defined((value) => value !== null)
      .x((_, index) => fixed(x(weeks[index]) ?? 0))
      .y((value) => fixed(y(value ?? 0)))(values) ?? "";
  // Every sixth week back from the last, so no two labels run together.
  const xTicks = weeks.filter((_, index) => (weeks.length - 1 - index) % 6 === 0).slice(-5);
  return (
    <figure className="mt-4 max-w-xl" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700" aria-hidden>
        {series.map((s) => (
          <li key={s.name} className="inline-flex items-center gap-1">
            <svg width="18" height="8" aria-hidden>
              <line x1="0" y1="4" x2="18" y2="4" stroke={s.color} strokeWidth="2.5" strokeDasharray={s.dashed ? "4 3" : undefined} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-1 h-auto w-full" role="img" aria-label={summary}>
        <g fontSize="11" fill="#4f5863">
          {yTicks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={WIDTH - MARGIN.right} y1={fixed(y(tick))} y2={fixed(y(tick))} stroke="#eceef1" />
              <text x={left - 4} y={fixed(y(tick)) + 4} textAnchor="end">
                {tick}
                {unit}
              </text>
            </g>
          ))}
          {xTicks.map((week) => (
            // The last week's label ends at its point, so it stays inside the chart.
            <text key={week} x={fixed(x(week) ?? 0)} y={HEIGHT - 6} textAnchor={week === weeks.at(-1) ? "end" : "middle"}>
              {weekLabel(week)}
            </text>
          ))}
        </g>
        {series.map((s) => (
          <path
            key={s.name}
            d={path(s.values)}
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            strokeLinejoin="round"
            strokeDasharray={s.dashed ? "5 4" : undefined}
          />
        ))}
        {/* A week alone between gaps is a dot, not an invisible line. */}
        {series.flatMap((s) =>
          s.values.map((value, index) =>
            value !== null && s.values[index - 1] == null && s.values[index + 1] == null ? (
              <circle key={`${s.name}-${index}`} cx={fixed(x(weeks[index]) ?? 0)} cy={fixed(y(value))} r="2.5" fill={s.color} />
            ) : null,
          ),
        )}
      </svg>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">Show the numbers</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-ink-200">
                <th scope="col" className="py-1 pr-3">
                  Week of
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="py-1 pr-3 text-right">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, index) => (
                <tr key={week} className="border-b border-ink-100">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {weekLabel(week)}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} className="py-1 pr-3 text-right tabular-nums">
                      {s.values[index] === null ? "–" : `${s.values[index]}${unit}`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
