// Projects under their date groups, rendered a page at a time: the first FIRST cards (a
// screenful), then the rest of the first PAGE once the first picture has shown (the screen's
// largest paint on a phone: rendered alongside, 16 more cards held a phone's main thread while
// that picture was being signed, fetched and decoded), then the next page as the seller scrolls
// near the end (a sentinel, 1200 px ahead), so 300 projects cost the first screen what 8 do. Each
// step is a transition, the first one too: React yields between cards, so no long task holds
// the phone. (Mounted with the list's data, the grid would otherwise render its first cards in
// the data's update, which React does in one piece: 150 ms on a phone.) Pictures are signed
// and fetched only when near the screen, at the size they are drawn.
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Skeleton } from '../../../ui/index.ts';
import { groupByDate } from '../date-groups.ts';
import { FIRST_SCREEN_CARDS } from '../image-sources.ts';
import { DATE_GROUP_LABELS } from '../labels.ts';
import type { Project } from '../project-types.ts';
import type { ProjectAction } from './project-actions.ts';
import { ProjectCard } from './project-card.tsx';
import * as s from './project-grid.css.ts';

export const PAGE = 24;
/** cards in the first render: a phone shows 2, a desktop 8 (their pictures come signed with the
 *  list, api.ts fetchProjectsFirstScreen) */
const FIRST = FIRST_SCREEN_CARDS;
/** cards whose pictures load at once, at high priority: the first, the screen's largest paint on
 *  a phone. The rest load as they come near (the rest of a desktop's top row at once): eager, a
 *  phone's third card, below the fold, shared the slow link with the first. */
const EAGER = 1;
/** the rest of the first page waits at most this long for the first picture */
const REST_WAITS_MS = 1500;

export interface ProjectGridProps {
  projects: Project[];
  cleanAllowed: boolean | undefined;
  onAction: (action: ProjectAction, project: Project) => void;
  variant?: 'active' | 'archived';
  grouped?: boolean;
  /** once the first picture has painted (or failed to load) */
  onFirstPicture?: () => void;
}

export function ProjectGrid({
  projects,
  cleanAllowed,
  onAction,
  variant = 'active',
  grouped = true,
  onFirstPicture,
}: ProjectGridProps) {
  const { i18n } = useLingui();
  const [limit, setLimit] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const firstPictureRef = useRef(onFirstPicture);
  firstPictureRef.current = onFirstPicture;
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = projects.length > limit;

  useEffect(() => {
    if (limit === 0) {
      startTransition(() => setLimit(FIRST));
      return;
    }
    if (limit >= PAGE) return;
    const rest = () => startTransition(() => setLimit((n) => Math.max(n, PAGE)));
    const el = root.current;
    if (!el) {
      rest();
      return;
    }
    const timer = setTimeout(rest, REST_WAITS_MS);
    const stop = whenFirstPicturePainted(el, rest);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [limit]);

  // told once, however long the picture takes (the rest of the page may come before it)
  useEffect(() => {
    const el = root.current;
    return el ? whenFirstPicturePainted(el, () => firstPictureRef.current?.()) : undefined;
  }, []);

  // the sentinel takes over once the first page is on screen
  const firstPageShown = limit >= PAGE;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || !firstPageShown) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // the next page renders without holding a scrolling frame (React yields between cards)
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setLimit((n) => n + PAGE));
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, firstPageShown]);

  const groups = useMemo(() => {
    const shown = projects.slice(0, limit);
    return grouped ? groupByDate(shown) : [{ group: null, items: shown }];
  }, [projects, limit, grouped]);
  const totals = useMemo(
    () => (grouped ? new Map(groupByDate(projects).map((g) => [g.group, g.items.length])) : null),
    [projects, grouped],
  );

  let index = 0;
  return (
    <div ref={root} className={s.groups}>
      {groups.map(({ group, items }) => (
        <section
          key={group ?? 'all'}
          className={s.group}
          aria-label={group ? i18n._(DATE_GROUP_LABELS[group]) : undefined}
        >
          {group && (
            <h2 className={s.groupTitle}>
              {i18n._(DATE_GROUP_LABELS[group])}
              <span className={s.count}>{totals?.get(group)}</span>
            </h2>
          )}
          <ul className={s.grid}>
            {items.map((project) => (
              <li key={project.id} className={s.cell}>
                <ProjectCard
                  project={project}
                  cleanAllowed={cleanAllowed}
                  onAction={onAction}
                  variant={variant}
                  eager={index++ < EAGER}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {hasMore && firstPageShown && (
        <div ref={sentinel} className={s.more}>
          <Button variant="secondary" onClick={() => setLimit((n) => n + PAGE)}>
            <Trans>Show more projects</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Calls `fn` once a picture inside `el` has loaded, been decoded and painted, or failed (at
 * once when one already has); returns the cancel. load and error do not bubble: heard on the
 * way down. <img decoding="async"> paints after its load event, hence the decode and a frame.
 */
function whenFirstPicturePainted(el: HTMLElement, fn: () => void): () => void {
  if ([...el.querySelectorAll('img')].some((img) => img.complete)) {
    fn();
    return () => undefined;
  }
  let waiting = false;
  let frame = 0;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const settled = (e: Event) => {
    if (!(e.target instanceof HTMLImageElement) || waiting) return;
    waiting = true;
    const afterPaint = () => {
      frame = requestAnimationFrame(() => {
        afterFrame = setTimeout(fn);
      });
    };
    if (e.type === 'load') e.target.decode().then(afterPaint, afterPaint);
    else afterPaint();
  };
  el.addEventListener('load', settled, true);
  el.addEventListener('error', settled, true);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    el.removeEventListener('load', settled, true);
    el.removeEventListener('error', settled, true);
  };
}

export function ProjectGridSkeleton({ label }: { label: string }) {
  return (
    <ul className={s.grid} aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={s.skeletonCard}>
          <Skeleton height={0} style={{ aspectRatio: '413 / 440', height: 'auto' }} radius="10px" />
          <Skeleton width="60%" height={18} />
          <Skeleton width="40%" height={12} />
        </li>
      ))}
    </ul>
  );
}
