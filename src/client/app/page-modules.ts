import { lazyModule } from './lazy-module.ts';

/**
 * The modules /presentation needs, shared by the route table, the gate and the preload of ADR 125,
 * so that a module started early is rendered without suspending once it has arrived (ADR 126).
 */
export const presentationPageModule = lazyModule(() => import('./routes/presentation-page.tsx'));
export const gatedContentModule = lazyModule(() => import('./layout/gated-content.tsx'));
