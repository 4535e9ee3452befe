// The video screens' reads and the request (spec 2 §7 "Projects and images", "Tools and
// video"): projects that can become a video, one project with its images, the catalogue's
// video styles, what the plan allows, and request_project_video (charges 3 credits, sets
// video_status pending; the engine makes the video).
import { queryOptions } from '@tanstack/react-query';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import { ELIGIBLE_STATUSES, type EligibleProject, isEligible } from './eligible.ts';

export const videoKeys = {
  all: ['video'] as const,
  eligible: (userId: string) => [...videoKeys.all, 'eligible', userId] as const,
  project: (userId: string, projectId: string) => [...videoKeys.all, 'project', userId, projectId] as const,
  styles: () => [...videoKeys.all, 'styles'] as const,
  plan: (plan: string) => [...videoKeys.all, 'plan', plan] as const,
};

const PROJECT_COLUMNS =
  'id, name, type, status, created_at, video_status, video_style, images(id, status, position, generated_path, watermarked_path)';

export interface VideoProject extends EligibleProject {
  video_style: string | null;
}

export function eligibleProjectsQueryOptions(client: AppSupabaseClient, userId: string) {
  return queryOptions({
    queryKey: videoKeys.eligible(userId),
    queryFn: async (): Promise<VideoProject[]> => {
      const { data, error } = await client
        .from('projects')
        .select(PROJECT_COLUMNS)
        .in('status', [...ELIGIBLE_STATUSES])
        .order('created_at', { ascending: false });
      if (error) throw error;
      return (data as unknown as VideoProject[]).filter(isEligible);
    },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function videoProjectQueryOptions(client: AppSupabaseClient, userId: string, projectId: string) {
  return queryOptions({
    queryKey: videoKeys.project(userId, projectId),
    queryFn: async (): Promise<VideoProject | null> => {
      if (!UUID.test(projectId)) return null;
      const { data, error } = await client
        .from('projects')
        .select(PROJECT_COLUMNS)
        .eq('id', projectId)
        .maybeSingle();
      if (error) throw error;
      return data as unknown as VideoProject | null;
    },
  });
}

export interface VideoStyle {
  id: string;
  name_en: string;
  name_el: string;
  preview_image_path: string;
  preview_video_path: string;
}

export function videoStylesQueryOptions(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: videoKeys.styles(),
    queryFn: async (): Promise<VideoStyle[]> => {
      const { data, error } = await client
        .from('video_styles')
        .select('id, name_en, name_el, preview_image_path, preview_video_path')
        .order('sort_order');
      if (error) throw error;
      return data;
    },
    staleTime: 60 * 60 * 1000,
  });
}

export interface VideoPlanFacts {
  video: boolean;
  custom_video_style: boolean;
}

/** What the plan allows for video (public.plans video, custom_video_style). */
export function videoPlanQueryOptions(client: AppSupabaseClient, plan: string) {
  return queryOptions({
    queryKey: videoKeys.plan(plan),
    queryFn: async (): Promise<VideoPlanFacts> => {
      const { data, error } = await client
        .from('plans')
        .select('video, custom_video_style')
        .eq('id', plan)
        .maybeSingle();
      if (error) throw error;
      return { video: data?.video === true, custom_video_style: data?.custom_video_style === true };
    },
    staleTime: 10 * 60 * 1000,
  });
}

export interface VideoRequest {
  projectId: string;
  style: string;
  customDescription: string | null;
}

export async function requestVideo(
  client: AppSupabaseClient,
  req: VideoRequest,
  requestId: string,
): Promise<void> {
  const { error } = await client.rpc('request_project_video', {
    project_id: req.projectId,
    video_style: req.style,
    ...(req.customDescription ? { custom_description: req.customDescription } : {}),
    // one press is served once: a retry after a lost answer gets the video already asked for
    request_id: requestId,
  });
  if (error) throw error;
}
