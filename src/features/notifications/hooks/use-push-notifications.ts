import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { unreadCountQueryOptions } from '../api.ts';
import { disablePush, enablePush, type PushOutcome, pushPermission, showAppBadge } from '../push.ts';

/**
 * The push side of the settings' switch: turnOn asks permission and subscribes this device,
 * turnOff unsubscribes it. A refusal is shown beside the switch (errorText), as is any other
 * failure.
 */
export function usePushNotifications() {
  const client = useSupabase();
  const { i18n } = useLingui();
  const [outcome, setOutcome] = useState<PushOutcome | 'off' | null>(null);
  const on = useAppMutation({
    mutationFn: () => enablePush(client, i18n.locale, { ask: true }),
    errorDisplay: 'inline',
    errorMessage: msg`Notifications could not be turned on for this device. Please try again.`,
    errorCodes: {
      push_denied: msg`Notifications are blocked for Drape in this browser. Allow them in the browser's site settings to be told when the app is closed.`,
    },
    onSuccess: setOutcome,
  });
  const off = useAppMutation({
    mutationFn: () => disablePush(client),
    errorDisplay: 'inline',
    errorMessage: msg`Notifications could not be turned off for this device. Please try again.`,
    onSuccess: () => setOutcome('off'),
  });
  return {
    turnOn: () => {
      off.reset();
      on.mutate();
    },
    turnOff: () => {
      on.reset();
      off.mutate();
    },
    busy: on.isPending || off.isPending,
    /** 'unavailable': this browser (or build) cannot push; the switch governs in-app messages only */
    outcome,
    errorText: on.errorText ?? off.errorText,
    permission: pushPermission(),
  };
}

/**
 * With the switch on and permission given, each start of the app saves this device's
 * subscription again (in the current language; a renewed subscription or server key is
 * picked up). Quiet: failures wait for the next start.
 */
export function usePushSync() {
  const client = useSupabase();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => {
    if (!localSettings.notificationsEnabled() || pushPermission() !== 'granted') return;
    void enablePush(client, locale, { ask: false }).catch(() => undefined);
  }, [client, locale]);
}

/** The unread notifications on the installed app's icon, cleared when all are read. */
export function useAppBadge() {
  const client = useSupabase();
  const user = useUser();
  const { data } = useQuery(unreadCountQueryOptions(client, user.id));
  useEffect(() => {
    if (data !== undefined) showAppBadge(data);
  }, [data]);
}
