import { describe, expect, test } from 'vitest';
import { findOverflows, layoutBarChart, textWidth, wrapText } from './text-fit.ts';

describe('text fit', () => {
  test('measures with Helvetica metrics: a long label does not fit a 164 pt column on one line, and wraps whole', () => {
    const label = 'Notification, credit monitoring & regulatory response (records)';
    expect(textWidth('0', 10)).toBeCloseTo(5.56, 6);
    expect(textWidth(label, 7.5)).toBeGreaterThan(164);
    const lines = wrapText(label, 7.5, 164);
    expect(lines.length).toBe(2);
    expect(lines.join(' ')).toBe(label);
    for (const line of lines) expect(textWidth(line, 7.5)).toBeLessThanOrEqual(164);
  });

  test('finds a text wider than its box, and a bar chart keeps each value inside the chart', () => {
    expect(findOverflows([{ text: 'Incident response & forensics', fontSize: 14, boxWidth: 150 }])).toHaveLength(1);
    const layout = layoutBarChart(
      [
        { label: 'Incident response & forensics', valueUsd: 100, text: '$100 (50.0%)' },
        { label: 'Notification, credit monitoring & regulatory response (records)', valueUsd: 50, text: '$50 (25.0%)' },
      ],
      { width: 500, labelWidth: 170, valueWidth: 70, fontSize: 7.5, gap: 6 },
    );
    expect(layout.rows[1]?.labelLines).toHaveLength(2);
    expect(layout.rowHeight).toBeGreaterThanOrEqual(2 * 7.5 * 1.2);
    expect(findOverflows(layout.texts)).toEqual([]);
  });
});
