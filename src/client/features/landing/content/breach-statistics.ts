/**
 * Published breach figures shown on the landing page, each with the report it comes from
 * (the same anchors as CIFER's risk model: docs/methodology.md, "Who it is calibrated on").
 */
interface BreachStatistic {
  value: string;
  label: string;
  source: string;
}

export const CRISIS_STATISTICS: BreachStatistic[] = [
  {
    value: '$10.22M',
    label: 'average cost of a data breach in the United States',
    source: 'IBM / Ponemon, Cost of a Data Breach Report 2025',
  },
  {
    value: '$3.31M',
    label: 'average breach cost at organizations with fewer than 500 employees',
    source: 'IBM / Ponemon, Cost of a Data Breach Report 2023',
  },
  {
    value: '88%',
    label: 'of breaches at small and mid-sized businesses involved ransomware, against 39% at large ones',
    source: 'Verizon, 2025 Data Breach Investigations Report',
  },
  { value: '258 days', label: 'on average to identify and contain a breach', source: 'IBM / Ponemon, Cost of a Data Breach Report 2024' },
  { value: '$115,000', label: 'median ransom paid; 64% of victims did not pay', source: 'Verizon, 2025 Data Breach Investigations Report' },
  {
    value: '1 in 3',
    label: 'breached organizations paid regulatory fines; a quarter of those paid more than $250,000',
    source: 'IBM / Ponemon, Cost of a Data Breach Report 2024',
  },
];

/** The hero counter's figures, one every 3 seconds. */
export const HERO_COUNTER_STATISTICS: BreachStatistic[] = [
  { value: '$4.88M', label: 'global average cost of a data breach', source: 'IBM Cost of a Data Breach Report 2024' },
  { value: '$9.77M', label: 'average cost of a healthcare breach', source: 'IBM Cost of a Data Breach Report 2024' },
  { value: '88%', label: 'of small-business breaches involved ransomware', source: 'Verizon DBIR 2025' },
  { value: '258 days', label: 'to identify and contain a breach', source: 'IBM Cost of a Data Breach Report 2024' },
];

/** Spec section 9: the hero counter rotates every 3 seconds. */
export const HERO_COUNTER_INTERVAL_MS = 3000;
/** Spec section 9: the quick-actions bar appears past 70% of the header height. */
export const QUICK_ACTIONS_THRESHOLD = 0.7;
