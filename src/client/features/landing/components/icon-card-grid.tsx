import type { LucideIcon } from 'lucide-react';
import { cn } from '@/client/lib/utils.ts';

export interface IconCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Three cards of an icon, a title and a line of text: the approach's steps (in order) and the audiences. */
export function IconCardGrid({
  cards,
  ordered = false,
  cardClassName,
  titleClassName,
}: {
  cards: readonly IconCard[];
  ordered?: boolean;
  cardClassName: string;
  titleClassName: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className="mt-10 grid gap-6 md:grid-cols-3">
      {cards.map(({ icon: Icon, title, text }) => (
        <li key={title} className={cn('rounded-xl border border-slate-200 p-6', cardClassName)}>
          <Icon className="size-8 text-blue-700" aria-hidden="true" />
          <h3 className={cn('mt-4 font-semibold text-slate-900', titleClassName)}>{title}</h3>
          <p className="mt-2 text-slate-700">{text}</p>
        </li>
      ))}
    </List>
  );
}
