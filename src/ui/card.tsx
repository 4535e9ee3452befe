import type { HTMLAttributes } from 'react';
import * as s from './card.css.ts';

interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  padding?: keyof typeof s.padding;
}

export function Card({ as: As = 'div', padding = 'md', className, ...rest }: CardProps) {
  return <As className={[s.card, s.padding[padding], className].filter(Boolean).join(' ')} {...rest} />;
}

export const cardTitleClass = s.cardTitle;
