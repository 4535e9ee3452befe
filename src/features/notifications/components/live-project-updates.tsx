import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { toast } from '../../../ui/index.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { i18n } from '../../../lib/i18n.ts';
import { useUser } from '../../auth/index.ts';
import { useProjectRowsLive } from '../../projects/index.ts';
import { subscriptionKeys, useSubscriptionLive } from '../../subscription/index.ts';
import { useNotificationsLive } from '../hooks/use-notifications.ts';
import { useAppBadge, usePushSync } from '../hooks/use-push-notifications.ts';
import { createProjectTracker, RESULT_TOAST_MS } from '../project-events.ts';
import { processingStore } from '../processing-store.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

/**
 * The shell's live wiring: subscription, notification and project rows, project status toasts
 * (one per kind however many projects a batch starts; the bell holds each project's news too),
 * the unread count on the app's icon and this device's push subscription kept in step.
 */
export function LiveProjectUpdates() {
  const user = useUser();
  const queryClient = useQueryClient();
  const [tracker] = useState(createProjectTracker);
  useSubscriptionLive();
  useNotificationsLive();
  useAppBadge();
  usePushSync();
  useEffect(() => () => processingStore.clear(), []);

  // the screen's one subscription to projects: the cache is patched, then the toasts
  useProjectRowsLive((row) => {
    const reaction = tracker.react(row);
    if (!reaction) return;
    const toastId = `project-${reaction.id}`;
    const name = shownProjectName(reaction.name);
    processingStore.set(reaction.id, reaction.kind === 'processing');
    // a finished generation charged or refunded credits
    if (reaction.kind !== 'processing')
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
    if (!localSettings.notificationsEnabled()) {
      toast.dismiss(toastId);
      return;
    }
    if (reaction.kind === 'processing') {
      toast.show({
        id: toastId,
        tone: 'loading',
        title: i18n._(msg`Generating "${name}"`),
        description: i18n._(msg`This takes about 1–2 minutes.`),
        duration: null,
        group: 'project-processing',
        inBell: true,
      });
    } else if (reaction.kind === 'completed') {
      toast.show({
        id: toastId,
        tone: 'success',
        title: i18n._(msg`Project "${name}" is ready`),
        description: i18n._(msg`Your images have been generated.`),
        duration: RESULT_TOAST_MS,
        group: 'project-completed',
        inBell: true,
      });
    } else {
      toast.show({
        id: toastId,
        tone: 'error',
        title: i18n._(msg`Project "${name}" generation failed. Please try again.`),
        duration: RESULT_TOAST_MS,
        group: 'project-failed',
        inBell: true,
      });
    }
  });

  return null;
}
