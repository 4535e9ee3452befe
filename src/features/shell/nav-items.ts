// The side navigation in the spec's order (spec 1 §2) and which item a path belongs to.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../../ui/icons.tsx';

export interface NavItem {
  key: 'home' | 'projects' | 'create' | 'tools' | 'history' | 'pricing' | 'settings';
  to: '/home' | '/projects' | '/create' | '/tools' | '/history' | '/pricing' | '/settings';
  icon: IconName;
  label: MessageDescriptor;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', to: '/home', icon: 'home', label: msg`Home` },
  { key: 'projects', to: '/projects', icon: 'folder', label: msg`Projects` },
  { key: 'create', to: '/create', icon: 'plusCircle', label: msg`Create` },
  { key: 'tools', to: '/tools', icon: 'tools', label: msg`Tools` },
  { key: 'history', to: '/history', icon: 'history', label: msg`History` },
  { key: 'pricing', to: '/pricing', icon: 'tag', label: msg`Pricing` },
  { key: 'settings', to: '/settings', icon: 'settings', label: msg`Settings` },
];

/** Sections that live under another item's first segment. */
const ALIASES: Record<string, NavItem['key']> = {
  fixes: 'projects',
  archived: 'projects',
  onmodel: 'create',
  flatlay: 'create',
  mannequin: 'create',
  video: 'create',
  success: 'pricing',
};

/** The active item follows the first path segment of the current route. */
export function activeNavKey(pathname: string): NavItem['key'] | null {
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  const direct = NAV_ITEMS.find((item) => item.to === `/${segment}`);
  return direct?.key ?? ALIASES[segment] ?? null;
}
