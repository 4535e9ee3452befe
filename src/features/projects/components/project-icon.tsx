// Icons the projects screens need beyond the shared set (drawn the same way as ui/icons.tsx:
// 24×24, stroke 1.75, currentColor).
import type { SVGProps } from 'react';

const paths = {
  download: 'M12 4v11M7 10l5 5 5-5M4 19h16',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  archive: 'M3 5h18v4H3zM5 9v10h14V9M10 13h4',
  restore: 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5',
  share: 'M12 3v12M8 7l4-4 4 4M5 12v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  play: 'M7 4.5v15l12-7.5z',
  swap: 'M7 7h12l-3-3M17 17H5l3 3',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  chevronLeft: 'm15 6-6 6 6 6',
  zoomIn: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5M11 8v6M8 11h6',
  eraser: 'M8 20h12M4.5 15.5l9-9a2 2 0 0 1 2.8 0l2.2 2.2a2 2 0 0 1 0 2.8L11 19H8z',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  undo: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
} as const;

export type ProjectIconName = keyof typeof paths;

export function ProjectIcon({
  name,
  size = 18,
  ...rest
}: Omit<SVGProps<SVGSVGElement>, 'name'> & { name: ProjectIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
