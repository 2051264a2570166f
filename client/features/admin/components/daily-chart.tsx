import { useId } from "react";
import { niceTop } from "./chart-scale";

export interface ChartPoint {
  date: string;
  value: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };

const dayLabel = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const formatDay = (date: string) => dayLabel.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

/**
 * A small bar chart of one daily series, drawn as inline SVG (no chart library). It is one image
 * to a screen reader, named with a summary; the exact numbers are in the table beside it.
 */
export function DailyChart({
  points,
  label,
  format,
}: {
  points: ChartPoint[];
  /** What is counted ("New users"). */
  label: string;
  format: (value: number) => string;
}) {
  const titleId = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const top = niceTop(max);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = points.length > 0 ? innerWidth / points.length : innerWidth;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${label} per day from ${formatDay(first.date)} to ${formatDay(last.date)}: ${format(total)} in all, at most ${format(max)} in a day.`
      : `${label}: no data.`;

  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={titleId}>{summary}</title>
      {/* A half-way line only where it is a whole number: counts have no half users. */}
      {[0, ...(Number.isInteger(top / 2) ? [top / 2] : []), top].map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-sand-300"
            strokeWidth={1}
          />
          <text
            x={PAD.left - 6}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-slate-700 text-[11px]"
          >
            {format(tick)}
          </text>
        </g>
      ))}
      {points.map((point, index) => {
        const height = PAD.top + innerHeight - y(point.value);
        return (
          <rect
            key={point.date}
            x={PAD.left + index * slot + (slot - barWidth) / 2}
            y={y(point.value)}
            width={barWidth}
            height={Math.max(point.value > 0 ? 1 : 0, height)}
            rx={1.5}
            className="fill-brand-600"
          >
            <title>{`${formatDay(point.date)}: ${format(point.value)}`}</title>
          </rect>
        );
      })}
      {first && last && (
        <>
          <text x={PAD.left} y={HEIGHT - 8} className="fill-slate-700 text-[11px]">
            {formatDay(first.date)}
          </text>
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 8}
            textAnchor="end"
            className="fill-slate-700 text-[11px]"
          >
            {formatDay(last.date)}
          </text>
        </>
      )}
    </svg>
  );
}

export { formatDay };
