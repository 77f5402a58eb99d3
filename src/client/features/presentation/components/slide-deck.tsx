import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { cn } from '@/client/lib/utils.ts';
import type { ReportModel } from '@/reports/report-model.ts';
import { useSlideKeys } from '../hooks/use-slide-keys.ts';
import { SlideView } from './slide-view.tsx';

/** Whether the stage fills the screen, and the toggle (a refusal by the browser leaves it as it is). */
function useFullscreen(stageRef: RefObject<HTMLDivElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stageRef]);
  const toggleFullscreen = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (stage.requestFullscreen) void stage.requestFullscreen().catch(() => undefined);
  }, [stageRef]);
  return { isFullscreen, toggleFullscreen };
}

/**
 * The board briefing full screen: keyboard (arrows, Space, Home/End, F, N, Esc), buttons for
 * touch, speaker notes toggled under the slide, and a print layout of every slide with its notes.
 */
export function SlideDeck({ model, logoUrl }: { model: ReportModel; logoUrl: string | null }) {
  const total = model.slides.length;
  const [index, setIndex] = useState(0);
  const [showNotes, setShowNotes] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const { isFullscreen, toggleFullscreen } = useFullscreen(stageRef);

  useEffect(() => setIndex(0), [model.meta.assessmentId]);

  const actions = useMemo(
    () => ({
      next: () => setIndex((i) => Math.min(total - 1, i + 1)),
      previous: () => setIndex((i) => Math.max(0, i - 1)),
      first: () => setIndex(0),
      last: () => setIndex(total - 1),
      toggleFullscreen,
      toggleNotes: () => setShowNotes((v) => !v),
    }),
    [total, toggleFullscreen],
  );
  useSlideKeys(actions, true);

  const slide = model.slides[index] ?? model.slides[0];
  if (!slide) return null;
  return (
    <>
      <section aria-label="Presentation" className="print:hidden">
        <div
          ref={stageRef}
          className={cn('flex flex-col gap-3', isFullscreen && 'h-screen w-screen justify-center overflow-auto bg-slate-950 p-4 sm:p-8')}
          data-testid="slide-stage"
        >
          <div className={cn('mx-auto w-full', isFullscreen && 'max-w-[min(100%,calc((100vh-8rem)*16/9))]')}>
            <SlideView slide={slide} model={model} index={index} total={total} logoUrl={logoUrl} />
          </div>
          <div
            className={cn(
              'mx-auto flex w-full flex-wrap items-center justify-between gap-2',
              isFullscreen && 'max-w-[min(100%,calc((100vh-8rem)*16/9))]',
            )}
          >
            <div className="flex gap-2">
              <Button variant="outline" onClick={actions.previous} disabled={index === 0} aria-label="Previous slide">
                ← Back
              </Button>
              <Button variant="outline" onClick={actions.next} disabled={index === total - 1} aria-label="Next slide">
                Next →
              </Button>
            </div>
            <p
              className={cn('text-sm', isFullscreen ? 'text-slate-200' : 'text-slate-700')}
              aria-live="polite"
              data-testid="slide-position"
            >
              Slide {index + 1} of {total}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" onClick={actions.toggleNotes} aria-pressed={showNotes}>
                {showNotes ? 'Hide notes' : 'Show notes'}
              </Button>
              <Button variant="outline" onClick={toggleFullscreen}>
                {isFullscreen ? 'Exit full screen' : 'Full screen'}
              </Button>
            </div>
          </div>
          {showNotes ? <SpeakerNotes notes={slide.notes} isFullscreen={isFullscreen} /> : null}
        </div>
        {/* Keys mean nothing on a phone or a touch screen: the hint shows only with a fine pointer on a wide screen. */}
        <p className="mt-3 hidden text-sm text-slate-700 md:block pointer-coarse:hidden" data-testid="key-hints">
          Keys: → or Space next, ← back, Home first, End last, F full screen, N notes, Esc leaves full screen.
        </p>
      </section>
      <PrintedSlides model={model} logoUrl={logoUrl} />
    </>
  );
}

/** The current slide's notes under it, as wide as the slide. */
function SpeakerNotes({ notes, isFullscreen }: { notes: string; isFullscreen: boolean }) {
  return (
    <aside
      aria-label="Speaker notes"
      className={cn(
        'mx-auto w-full rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900',
        isFullscreen && 'max-w-[min(100%,calc((100vh-8rem)*16/9))]',
      )}
      data-testid="speaker-notes"
    >
      <h3 className="mb-1 text-sm font-semibold text-amber-900">Speaker notes</h3>
      <p className="text-base leading-relaxed">{notes}</p>
    </aside>
  );
}

/** Every slide with its notes, one per page, for print only. */
function PrintedSlides({ model, logoUrl }: { model: ReportModel; logoUrl: string | null }) {
  const total = model.slides.length;
  return (
    <div className="hidden print:block">
      {model.slides.map((s, i) => (
        <div key={s.id} className="break-inside-avoid break-after-page">
          <SlideView slide={s} model={model} index={i} total={total} logoUrl={logoUrl} />
          <p className="mt-3 text-sm text-slate-800">
            <strong>Notes: </strong>
            {s.notes}
          </p>
        </div>
      ))}
    </div>
  );
}
