/**
 * A strict parser of the Prometheus text exposition format 0.0.4, for tests: it throws on any
 * line a Prometheus server would reject (bad names, bad escapes, bad numbers, a sample outside
 * its declared family, a family declared twice). No such parser is installed (ADR 152).
 */

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: PrometheusSample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads values (Go's strconv.ParseFloat): Inf and NaN in any letter case. */
function parseValue(text: string, line: number): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: bad sample value "${text}"`);
  return Number(text);
}

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let index = 0;
  while (index < text.length) {
    const eq = text.indexOf('=', index);
    if (eq < 0) throw new Error(`line ${line}: label without "="`);
    const name = text.slice(index, eq).trim();
    if (!LABEL_NAME.test(name)) throw new Error(`line ${line}: bad label name "${name}"`);
    if (name in labels) throw new Error(`line ${line}: label "${name}" repeated`);
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label value must be quoted`);
    let value = '';
    let cursor = eq + 2;
    for (;;) {
      const char = text[cursor];
      if (char === undefined) throw new Error(`line ${line}: unterminated label value`);
      if (char === '"') break;
      if (char === '\\') {
        const next = text[cursor + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else throw new Error(`line ${line}: bad escape "\\${next ?? ''}"`);
        cursor += 2;
        continue;
      }
      if (char === '\n') throw new Error(`line ${line}: raw newline in label value`);
      value += char;
      cursor += 1;
    }
    labels[name] = value;
    index = cursor + 1;
    if (text[index] === ',') index += 1;
    else if (index < text.length) throw new Error(`line ${line}: expected "," between labels`);
  }
  return labels;
}

function familyOf(sampleName: string, families: Map<string, PrometheusFamily>): PrometheusFamily | undefined {
  const direct = families.get(sampleName);
  if (direct) return direct;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) return family;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, PrometheusFamily> {
  const families = new Map<string, PrometheusFamily>();
  const helps = new Map<string, string>();
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(raw);
      if (!match) return; // a plain comment
      const [, keyword, name = '', rest = ''] = match;
      if (!METRIC_NAME.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`);
      if (keyword === 'HELP') {
        helps.set(name, rest);
        const family = families.get(name);
        if (family) family.help = rest;
        return;
      }
      if (!TYPES.has(rest)) throw new Error(`line ${line}: bad type "${rest}"`);
      if (families.has(name)) throw new Error(`line ${line}: family "${name}" declared twice`);
      families.set(name, { name, type: rest as PrometheusFamily['type'], help: helps.get(name) ?? '', samples: [] });
      return;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(raw);
    if (!match) throw new Error(`line ${line}: not a sample: "${raw}"`);
    const [, name = '', labelText = '', valueText = ''] = match;
    const family = familyOf(name, families);
    if (!family) throw new Error(`line ${line}: sample "${name}" has no # TYPE before it`);
    family.samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(valueText, line) });
  });
  return families;
}
