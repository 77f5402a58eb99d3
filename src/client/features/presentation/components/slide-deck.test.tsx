import { rowsThatFit } from '@/reports/board-message.ts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { SlideDeck } from './slide-deck.tsx';
import { buildReportModelHere } from '@/reports/test-fixtures.ts';

const model = buildReportModelHere({
  organisationName: 'Riverside Family Clinic',
  assessment: {
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Q4',
    completedAt: '2026-11-20T10:00:00.000Z',
    authorName: 'Dana Whitfield',
    input: SAMPLE_CLINIC_INPUT,
    result: assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 5_000, attribution: true }),
  },
  whatChanged: null,
  generatedAt: '2026-11-22T09:30:00.000Z',
});

const position = () => screen.getByTestId('slide-position').textContent;

describe('SlideDeck keys', () => {
  test('arrows, Space, Home and End move between the slides; N toggles the notes', () => {
    render(<SlideDeck model={model} logoUrl={null} />);
    expect(position()).toBe(`Slide 1 of ${model.slides.length}`);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: ' ' });
    expect(position()).toBe(`Slide 3 of ${model.slides.length}`);
    fireEvent.keyDown(window, { key: ' ', shiftKey: true });
    expect(position()).toBe(`Slide 2 of ${model.slides.length}`);
    fireEvent.keyDown(window, { key: 'End' });
    expect(position()).toBe(`Slide ${model.slides.length} of ${model.slides.length}`);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe(`Slide ${model.slides.length} of ${model.slides.length}`);
    fireEvent.keyDown(window, { key: 'Home' });
    expect(position()).toBe(`Slide 1 of ${model.slides.length}`);
    expect(screen.queryByTestId('speaker-notes')).toBeNull();
    fireEvent.keyDown(window, { key: 'n' });
    expect(screen.getByTestId('speaker-notes')).toHaveTextContent(model.slides[0]!.notes);
  });

  test('keys typed into a field do not turn the slides, and Space on a focused button moves once', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Somewhere to type" />
        <SlideDeck model={model} logoUrl={null} />
      </>,
    );
    await user.click(screen.getByLabelText('Somewhere to type'));
    await user.keyboard('{ArrowRight} n');
    expect(position()).toBe(`Slide 1 of ${model.slides.length}`);
    screen.getByRole('button', { name: 'Next slide' }).focus();
    await user.keyboard(' ');
    expect(position()).toBe(`Slide 2 of ${model.slides.length}`);
  });
});

describe('the decision slide', () => {
  test('shows what the board is asked to approve as a table, and what happens if we do nothing', () => {
    render(<SlideDeck model={model} logoUrl={null} />);
    const index = model.slides.findIndex((s) => s.id === 'decision');
    for (let i = 0; i < index; i++) fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(position()).toBe(`Slide ${index + 1} of ${model.slides.length}`);
    expect(screen.getAllByRole('heading', { name: 'The decision' }).length).toBeGreaterThan(0);
    const table = screen.getAllByRole('table', { name: 'What the board is asked to approve' })[0];
    expect(model.message.decision.rows.length).toBeGreaterThan(0);
    // Under the priced options there is room for five controls; the rest are counted in a line (rowsThatFit).
    const fit = rowsThatFit(model.message.decision.rows, 5);
    for (const row of fit.rows) expect(table).toHaveTextContent(row.name);
    if (fit.omittedLine !== null) expect(screen.getAllByText(fit.omittedLine).length).toBeGreaterThan(0);
    expect(screen.getAllByText(model.message.decision.doNothing).length).toBeGreaterThan(0);
    const options = screen.getAllByRole('table', { name: 'The priced options' })[0];
    for (const option of model.keyFigures.options?.options ?? []) expect(options).toHaveTextContent(option.cells.join(''));
    expect(model.keyFigures.options?.options).toHaveLength(3);
  });
});
