import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import * as s from './tools.css.ts';

/** A tool screen's heading: back to /tools, the title, what it costs and what it does. */
export function ToolHeader({ title, lead, price }: { title: ReactNode; lead: ReactNode; price?: ReactNode }) {
  return (
    <header className={s.header}>
      <Link to="/tools" className={s.back}>
        <Icon name="arrowLeft" size={16} />
        <Trans>All tools</Trans>
      </Link>
      <div className={s.titleRow}>
        <h1 className={s.title}>{title}</h1>
        {price && (
          <span className={s.price}>
            <Icon name="coins" size={16} />
            {price}
          </span>
        )}
      </div>
      <p className={s.lead}>{lead}</p>
    </header>
  );
}
