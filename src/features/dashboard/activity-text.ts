// Activity entries in the user's language, from their type and metadata.
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { ActivityItem } from './rpc-results.ts';
import { shownProjectName } from '../../lib/default-names.ts';

const TOOL_NAMES: Record<string, ReturnType<typeof msg>> = {
  'photo-combiner': msg`Photo Combiner`,
  'background-remover': msg`Background Remover`,
};

export function activityText(item: ActivityItem, i18n: I18n): string {
  const name = shownProjectName(item.metadata.projectName ?? '', i18n.locale);
  switch (item.type) {
    case 'project_created':
      return i18n._(msg`Created project "${name}"`);
    case 'project_completed':
      return i18n._(msg`Completed project "${name}"`);
    case 'fix_requested':
      return i18n._(msg`Fix requested for "${name}"`);
    case 'tool_used': {
      const key = item.metadata.toolName ?? '';
      const tool = TOOL_NAMES[key] ? i18n._(TOOL_NAMES[key]) : (item.details ?? key);
      return i18n._(msg`Used ${tool}`);
    }
    default:
      return item.details ?? '';
  }
}

/** Where an entry leads: its project, or the tool it used. */
export function activityLink(
  item: ActivityItem,
):
  | { to: '/projects/$projectId'; params: { projectId: string } }
  | { to: '/tools/photo-combiner' | '/tools/background-remover' | '/tools' } {
  if (item.metadata.projectId)
    return { to: '/projects/$projectId', params: { projectId: item.metadata.projectId } };
  if (item.metadata.toolName === 'photo-combiner') return { to: '/tools/photo-combiner' };
  if (item.metadata.toolName === 'background-remover') return { to: '/tools/background-remover' };
  return { to: '/tools' };
}
