import type { PostureFigures, PostureRunSettings } from '@/engine/posture-figures.ts';
import type { RiskInput } from '@/engine/risk-input.ts';

/** Main thread → heat-map worker: run these postures with these settings; a newer request supersedes an older one. */
export interface PostureRequest {
  id: number;
  settings: PostureRunSettings;
  postures: readonly { key: string; input: RiskInput }[];
}

/** Heat-map worker → main thread: each posture's figures under its key, or why the runs failed. */
export type PostureResponse = { id: number; figures: readonly { key: string; figures: PostureFigures }[] } | { id: number; error: string };
