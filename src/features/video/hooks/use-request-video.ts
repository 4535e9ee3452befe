// The video request (spec 2 §4 "Video request"): request_project_video charges 3 credits and
// sets video_status pending with the style in one transaction; then the success message and,
// 1.5 s later, the project page, where the video appears when the engine has made it. A press
// keeps its request id until the server answers, so pressing again after a lost answer gets
// the video already asked for, not a second 3-credit charge (lib/pending-request.ts).
import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useAppMutation } from '../../../lib/errors/index.ts';
import { pendingRequests } from '../../../lib/pending-request.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { toast } from '../../../ui/index.ts';
import { useUser } from '../../auth/index.ts';
import { subscriptionKeys } from '../../subscription/index.ts';
import { type VideoRequest, requestVideo, videoKeys } from '../api.ts';
import { videoMessages } from '../messages.ts';
import { REDIRECT_AFTER_MS } from '../rules.ts';

export function useRequestVideo() {
  const client = useSupabase();
  const user = useUser();
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const requests = useRef(pendingRequests(() => null)).current;
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  return useAppMutation({
    mutationFn: (req: VideoRequest) =>
      requests.send(requests.begin(JSON.stringify(req)), (r) => requestVideo(client, req, r.id)),
    errorDisplay: 'inline',
    errorMessage: videoMessages.submitFailed,
    errorCodes: {
      insufficient_credits: videoMessages.notEnoughCredits,
      video_style_required: videoMessages.styleRequired,
      custom_video_style_required: videoMessages.customRequired,
      subscription_not_found: videoMessages.deductFailed,
      project_not_completed: videoMessages.notEligible,
    },
    onSuccess: (_data, req) => {
      toast.show({ tone: 'success', title: i18n._(videoMessages.submitted), duration: 5000 });
      timer.current = setTimeout(
        () => void navigate({ to: '/projects/$projectId', params: { projectId: req.projectId } }),
        REDIRECT_AFTER_MS,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(user.id) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
