import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { ActivityItem } from '../rpc-results.ts';
import { activityLink, activityText } from '../activity-text.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const build = (o: Partial<ActivityItem>): ActivityItem => ({
  id: 'project:1',
  type: 'project_created',
  date: '2026-01-01T00:00:00Z',
  details: 'Created project "Linen"',
  metadata: { projectId: 'p1', projectName: 'Linen', projectType: 'on-model' },
  ...o,
});

describe('activity entries', () => {
  it('describe each type', () => {
    expect(activityText(build({}), i18n)).toBe('Created project "Linen"');
    expect(activityText(build({ type: 'project_completed' }), i18n)).toBe('Completed project "Linen"');
    expect(activityText(build({ type: 'fix_requested' }), i18n)).toBe('Fix requested for "Linen"');
    expect(
      activityText(build({ type: 'tool_used', metadata: { toolName: 'background-remover' } }), i18n),
    ).toBe('Used Background Remover');
  });

  it('link to their project, or to the tool', () => {
    expect(activityLink(build({}))).toEqual({ to: '/projects/$projectId', params: { projectId: 'p1' } });
    expect(activityLink(build({ type: 'tool_used', metadata: { toolName: 'photo-combiner' } }))).toEqual({
      to: '/tools/photo-combiner',
    });
  });
});
