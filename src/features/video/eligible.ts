// Which projects can become a video (spec 2 §5 "Video project selection"): completed or
// archived, with at least one generated image; searched by name or type; 8 to a page.
export const VIDEO_PAGE_SIZE = 8;
export const ELIGIBLE_STATUSES = ['completed', 'archived'] as const;

export interface EligibleImage {
  id: string;
  status: string;
  position: number;
  generated_path: string | null;
  watermarked_path: string | null;
}

export interface EligibleProject {
  id: string;
  name: string;
  type: string;
  status: string;
  created_at: string;
  video_status: string | null;
  images: EligibleImage[];
}

const hasResult = (i: EligibleImage) =>
  i.status === 'completed' && (!!i.generated_path || !!i.watermarked_path);

/** The image a video starts from: the first finished one (by position). */
export function firstResult<I extends EligibleImage>(images: readonly I[]): I | undefined {
  return [...images].filter(hasResult).sort((a, b) => a.position - b.position)[0];
}

export function isEligible(project: Pick<EligibleProject, 'status' | 'images'>): boolean {
  return (ELIGIBLE_STATUSES as readonly string[]).includes(project.status) && project.images.some(hasResult);
}

/**
 * Case-insensitive match on the name or the type — the stored type ('flat-lay') and the
 * words the screen shows for it (typeLabel), so 'flat lay' and 'Επίπεδη' both find it.
 */
export function searchProjects<P extends Pick<EligibleProject, 'name' | 'type'>>(
  projects: readonly P[],
  query: string,
  typeLabel: (type: string) => string = (t) => t,
): P[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...projects];
  const loose = q.replace(/[\s_-]+/g, '');
  return projects.filter((p) => {
    const type = p.type.toLocaleLowerCase();
    return (
      p.name.toLocaleLowerCase().includes(q) ||
      type.includes(q) ||
      type.replace(/[\s_-]+/g, '').includes(loose) ||
      typeLabel(p.type).toLocaleLowerCase().includes(q)
    );
  });
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the pages there are */
  page: number;
  pageCount: number;
}

export function paginate<T>(items: readonly T[], page: number, size = VIDEO_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}
