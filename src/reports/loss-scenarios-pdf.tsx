import { Text, View } from '@react-pdf/renderer';
import { formatPercent, formatUsdShort } from './format.ts';
import { PALETTE } from './palette.ts';
import type { ScenarioSection } from './loss-scenario-report.ts';
import type { PlacedText } from './text-fit.ts';

const FONT_SIZE = 9;
const CELL_PADDING = 6;

/** Fixed column widths (points, within the 516 pt text column) so the overflow test checks what is drawn. */
const COLUMNS = [
  { label: 'Scenario', width: 168 },
  { label: 'Expected loss a year', width: 72 },
  { label: 'Share', width: 46 },
  { label: 'Chance this year', width: 66 },
  { label: 'One incident typically costs', width: 80 },
  { label: 'A severe one (1 in 20) costs', width: 80 },
] as const;

function cells(s: ScenarioSection['scenarios'][number]): string[] {
  return [
    s.label,
    formatUsdShort(s.expectedAnnualLossUsd),
    formatPercent(s.share),
    formatPercent(s.annualProbability),
    formatUsdShort(s.medianCostIfItHappensUsd),
    formatUsdShort(s.p95CostIfItHappensUsd),
  ];
}

const row = { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: PALETTE.grid, paddingVertical: 3 } as const;

/**
 * The PDF's scenarios table (ADR 208): each named scenario's expected loss, share, chance this year
 * and cost per incident, then the top fixes' savings by scenario. The plain words are the section's notes.
 */
export function ScenariosTablePdf({ section, totalUsd }: { section: ScenarioSection; totalUsd: number }) {
  return (
    <View style={{ marginBottom: 6 }}>
      <View style={[row, { fontFamily: 'Helvetica-Bold' }]}>
        {COLUMNS.map((c) => (
          <Text key={c.label} style={{ width: c.width, paddingRight: CELL_PADDING, fontSize: FONT_SIZE }}>
            {c.label}
          </Text>
        ))}
      </View>
      {section.scenarios.map((s) => (
        <View key={s.id} style={row} wrap={false}>
          {cells(s).map((cell, j) => (
            <Text key={COLUMNS[j]?.label} style={{ width: COLUMNS[j]?.width ?? 60, paddingRight: CELL_PADDING, fontSize: FONT_SIZE }}>
              {cell}
            </Text>
          ))}
        </View>
      ))}
      <Text style={{ fontSize: 8.5, color: PALETTE.muted, marginTop: 4 }}>
        {`The five scenarios add up to the expected loss of ${formatUsdShort(totalUsd)} a year. A severe incident is the cost that 1 incident in 20 exceeds.`}
      </Text>
      {section.fixLines.length > 0 ? (
        <View style={{ marginTop: 6 }}>
          <Text style={{ fontSize: 9, fontFamily: 'Helvetica-Bold', marginBottom: 2 }}>
            What the top fixes save, by scenario (each on its own)
          </Text>
          {section.fixLines.map((line) => (
            <Text key={line} style={{ fontSize: 9, marginBottom: 1 }}>
              {`- ${line}`}
            </Text>
          ))}
        </View>
      ) : null}
    </View>
  );
}

/** Every word of the scenarios table with its column width, for the PDF overflow test (a cell wraps by words). */
export function scenarioTableTexts(section: ScenarioSection | null): PlacedText[] {
  if (section === null) return [];
  const rows = [COLUMNS.map((c) => c.label), ...section.scenarios.map(cells)];
  return rows.flatMap((r) =>
    r.flatMap((cell, j) =>
      cell.split(/\s+/).map((word) => ({ text: word, fontSize: FONT_SIZE, boxWidth: (COLUMNS[j]?.width ?? 0) - CELL_PADDING, bold: true })),
    ),
  );
}
