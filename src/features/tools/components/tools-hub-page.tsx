import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Badge, Icon, buttonClass } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useSubscription } from '../../subscription/index.ts';
import { creditPricesQueryOptions } from '../prices.ts';
import { TOOLS, type ToolEntry, isLocked } from '../tool-list.ts';
import * as t from './tools.css.ts';
import * as s from './tools-hub.css.ts';

function ToolCard({
  tool,
  plan,
  price,
}: {
  tool: ToolEntry;
  plan: string | undefined;
  price: number | undefined;
}) {
  const { i18n } = useLingui();
  const locked = isLocked(tool, plan);
  const available = !tool.comingSoon && !locked && !!tool.to;
  return (
    <li className={s.card} data-available={available} data-testid={`tool-${tool.id}`}>
      <div className={s.top}>
        <span className={s.iconWrap}>
          <Icon name={tool.icon} size={22} />
        </span>
        <span className={s.badges}>
          {tool.advancedOnly && (
            <Badge tone="accent">
              <Trans>Advanced</Trans>
            </Badge>
          )}
          {tool.comingSoon && (
            <Badge tone="neutral">
              <Trans>Coming soon</Trans>
            </Badge>
          )}
        </span>
      </div>
      <div>
        <h2 className={s.name}>
          {available && tool.to ? (
            <Link to={tool.to} className={s.stretched}>
              {i18n._(tool.title)}
            </Link>
          ) : (
            i18n._(tool.title)
          )}
        </h2>
        <p className={s.text}>{i18n._(tool.description)}</p>
      </div>
      <div className={s.footer}>
        {available ? (
          <>
            {tool.onDevice ? (
              <span className={s.price}>
                <Icon name="coins" size={16} />
                <Trans>Free · runs on your device</Trans>
              </span>
            ) : (
              price !== undefined && (
                <span className={s.price}>
                  <Icon name="coins" size={16} />
                  <Plural value={price} one="# credit per use" other="# credits per use" />
                </span>
              )
            )}
            <span className={s.open} aria-hidden="true">
              <Trans>Open</Trans>
              <Icon name="arrowRight" size={16} />
            </span>
          </>
        ) : locked && tool.paidOnly ? (
          <>
            <span className={s.lockNote}>
              <Icon name="lock" size={16} />
              <Trans>Available on the Lite, Pro and Advanced plans</Trans>
            </span>
            <Link to="/pricing" className={buttonClass({ variant: 'accent', size: 'sm' })}>
              <Icon name="sparkles" size={16} />
              <Trans>Upgrade</Trans>
            </Link>
          </>
        ) : locked ? (
          <>
            <span className={s.lockNote}>
              <Icon name="lock" size={16} />
              <Trans>Available only in Advanced Plan</Trans>
            </span>
            <Link to="/pricing" className={buttonClass({ variant: 'accent', size: 'sm' })}>
              <Icon name="sparkles" size={16} />
              <Trans>Upgrade to Advanced</Trans>
            </Link>
          </>
        ) : (
          <span className={s.lockNote}>
            <Icon name="clock" size={16} />
            <Trans>We are working on it.</Trans>
          </span>
        )}
      </div>
    </li>
  );
}

export function ToolsHubPage() {
  const { t: tr } = useLingui();
  usePageTitle(tr`Tools`);
  const { data: subscription } = useSubscription();
  const { data: prices } = useQuery(creditPricesQueryOptions(useSupabase()));
  return (
    <div className={t.page}>
      <header className={t.header}>
        <h1 className={t.title}>
          <Trans>Tools</Trans>
        </h1>
        <p className={t.lead}>
          <Trans>
            Small image tools for your product photos. Most take a little of your credits; the Image Enhancer
            runs free on your device.
          </Trans>
        </p>
      </header>
      <ul className={s.grid} aria-label={tr`Tools`}>
        {TOOLS.map((tool) => (
          <ToolCard
            key={tool.id}
            tool={tool}
            plan={subscription?.plan}
            price={tool.priceItem ? prices?.[tool.priceItem] : undefined}
          />
        ))}
      </ul>
    </div>
  );
}
