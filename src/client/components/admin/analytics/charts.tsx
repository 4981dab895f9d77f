/**
 * The two charts of the analytics tab (recharts, loaded only with this tab). Colours are the theme's
 * variables, so both charts follow light and dark mode: the line and bars in the brand colour, the second
 * series in the readable gold, axes in the muted text colour, the grid in the border colour.
 */
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { MonthlyCount, MonthlyMrr } from "../../../../shared/admin/analytics.ts";
import { formatCount, formatMoney, formatMoneyShort, formatMonth } from "./format.ts";

const AXIS = { fill: "var(--muted-foreground)", fontSize: 12 } as const;

/** Both charts' x axis: the months, "Jan 26", thinned out where they would crowd. */
const MONTH_AXIS = {
  dataKey: "month",
  tickFormatter: (m: string) => formatMonth(m),
  tick: AXIS,
  tickLine: false,
  axisLine: { stroke: "var(--border)" },
  interval: "preserveStartEnd",
  minTickGap: 16,
} as const;

interface TipRow {
  name: string;
  value: string;
  color: string;
}

function TipBox({ month, rows }: { month: string; rows: TipRow[] }) {
  return (
    <div className="rounded-lg border border-border bg-surface px-3 py-2 text-sm text-surface-foreground shadow-lg">
      <p className="font-medium">{formatMonth(month, "long")}</p>
      {rows.map((r) => (
        <p key={r.name} className="mt-1 flex items-center gap-2 tabular-nums">
          <span aria-hidden className="size-2.5 rounded-sm" style={{ background: r.color }} />
          {r.name}: <span className="font-medium">{r.value}</span>
        </p>
      ))}
    </div>
  );
}

/**
 * A tooltip's content: the hovered month's box with the rows `rowsOf` gives for it (nothing when the pointer is
 * off the bars).
 */
function tipContent<R extends { month: string }>(rowsOf: (row: R) => TipRow[]) {
  return ({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }) => {
    // recharts hands back the data row it was given, untyped.
    const row = payload?.[0]?.payload as R | undefined;
    if (!active || !row) return null;
    return <TipBox month={row.month} rows={rowsOf(row)} />;
  };
}

/**
 * The chart's figures for screen readers (the drawing itself is hidden from them). The box is sr-only, not the
 * table: a table is never narrower than its content, so a 1px sr-only table kept its full width and made the
 * page scroll sideways on a phone.
 */
function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r[0]}>
              {r.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Monthly recurring revenue at each month's end; the last month is today's figure. */
export function MrrChart({ data }: { data: MonthlyMrr[] }) {
  return (
    <>
      <DataTable
        caption="Monthly recurring revenue by month"
        head={["Month", "MRR", "Active subscribers"]}
        rows={data.map((m) => [
          formatMonth(m.month, "long"),
          formatMoney(m.mrrPence),
          formatCount(m.subscribers),
        ])}
      />
      <div aria-hidden>
        <ResponsiveContainer width="100%" height={260}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id="mrr-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--brand)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--brand)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis {...MONTH_AXIS} />
            <YAxis
              dataKey="mrr"
              allowDecimals={false}
              domain={data.some((m) => m.mrrPence > 0) ? [0, "auto"] : [0, 10]}
              tickFormatter={(pounds: number) => formatMoneyShort(pounds * 100)}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={64}
            />
            <Tooltip
              cursor={{ stroke: "var(--muted-foreground)", strokeDasharray: "3 3" }}
              content={tipContent((row: MonthlyMrr) => [
                { name: "MRR", value: formatMoney(row.mrrPence), color: "var(--brand)" },
                { name: "Active subscribers", value: formatCount(row.subscribers), color: "transparent" },
              ])}
            />
            <Area
              type="monotone"
              dataKey="mrr"
              name="MRR"
              stroke="var(--brand)"
              strokeWidth={2.5}
              fill="url(#mrr-fill)"
              dot={{ r: 2.5, fill: "var(--brand)", strokeWidth: 0 }}
              activeDot={{ r: 5, fill: "var(--brand)", stroke: "var(--surface)", strokeWidth: 2 }}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </>
  );
}

/** Accounts created and subscriptions started in each month. */
export function SignupsChart({
  signups,
  subscriptions,
}: {
  signups: MonthlyCount[];
  subscriptions: MonthlyCount[];
}) {
  const data = signups.map((s, i) => ({
    month: s.month,
    signups: s.count,
    subscriptions: subscriptions[i]?.count ?? 0,
  }));
  return (
    <>
      <DataTable
        caption="Sign-ups and new subscriptions by month"
        head={["Month", "Sign-ups", "New subscriptions"]}
        rows={data.map((m) => [
          formatMonth(m.month, "long"),
          formatCount(m.signups),
          formatCount(m.subscriptions),
        ])}
      />
      <div aria-hidden>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            barGap={2}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis {...MONTH_AXIS} />
            <YAxis
              allowDecimals={false}
              domain={data.some((m) => m.signups + m.subscriptions > 0) ? [0, "auto"] : [0, 4]}
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip
              cursor={{ fill: "var(--muted)" }}
              content={tipContent((row: (typeof data)[number]) => [
                { name: "Sign-ups", value: formatCount(row.signups), color: "var(--brand)" },
                {
                  name: "New subscriptions",
                  value: formatCount(row.subscriptions),
                  color: "var(--accent-text)",
                },
              ])}
            />
            <Legend
              verticalAlign="top"
              align="right"
              height={28}
              iconType="square"
              iconSize={10}
              itemSorter="dataKey"
              formatter={(value: string) => <span className="text-xs text-muted-foreground">{value}</span>}
            />
            <Bar
              dataKey="signups"
              name="Sign-ups"
              fill="var(--brand)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="subscriptions"
              name="New subscriptions"
              fill="var(--accent-text)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </>
  );
}
