// Projects, their images and fix requests: one key factory for the feature, the reads as
// queryOptions, and the writes (SQL functions; delete through the delete-project function,
// which also removes the stored files).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { AppError, functionError, isNetworkError } from '../../lib/errors/index.ts';
import type { PendingRequest } from '../../lib/pending-request.ts';
import type { AppSupabaseClient } from '../../lib/supabase.ts';
import type { Tables } from '../../lib/database.types.ts';
import type { FixStatus } from './labels.ts';
import { type FirstScreenRequest, type ImageSize, type ImageSource, sizeKey } from './image-sources.ts';
import { PROJECT_COLUMNS, type Project, toProject } from './project-types.ts';
import { MESSAGES } from './labels.ts';

export const projectKeys = {
  all: ['projects'] as const,
  user: (userId: string) => [...projectKeys.all, userId] as const,
  /** every list of the user (active and archived): what a project change may move */
  lists: (userId: string) => [...projectKeys.user(userId), 'list'] as const,
  active: (userId: string) => [...projectKeys.lists(userId), 'active'] as const,
  archived: (userId: string) => [...projectKeys.lists(userId), 'archived'] as const,
  /** the projects of one batch (the Batch Processor), in the seller's order */
  batch: (userId: string, batchId: string) => [...projectKeys.lists(userId), 'batch', batchId] as const,
  detail: (userId: string, projectId: string) => [...projectKeys.user(userId), 'detail', projectId] as const,
  fixes: (userId: string) => [...projectKeys.user(userId), 'fixes'] as const,
  fixPage: (userId: string, page: number) => [...projectKeys.fixes(userId), page] as const,
  projectFixes: (userId: string, projectId: string) =>
    [...projectKeys.fixes(userId), 'project', projectId] as const,
  eligibility: (userId: string, projectId: string) =>
    [...projectKeys.user(userId), 'fix-eligibility', projectId] as const,
  /** a signed URL for one stored image at one size (the same for every screen showing it) */
  signed: (source: ImageSource, size: ImageSize | null) =>
    [...projectKeys.all, 'signed', source.bucket, source.path, sizeKey(size)] as const,
};

// Reads --------------------------------------------------------------------------------

/** Spec 2 §7: a timed-out projects read is tried again up to 3 times, 2 seconds apart. */
export const PROJECTS_RETRIES = 3;
export const PROJECTS_RETRY_DELAY_MS = 2000;

export async function fetchProjects(
  client: AppSupabaseClient,
  userId: string,
  archived: boolean,
): Promise<Project[]> {
  const query = client.from('projects').select(PROJECT_COLUMNS).eq('user_id', userId);
  const { data, error } = await (archived
    ? query.eq('status', 'archived')
    : query.neq('status', 'archived')
  ).order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []).map((row) => toProject(row as unknown as Record<string, unknown>));
}

export const projectsQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: projectKeys.active(userId),
    queryFn: () => fetchProjects(client, userId, false),
    retry: PROJECTS_RETRIES,
    retryDelay: PROJECTS_RETRY_DELAY_MS,
  });

/** What the projects-first-screen function answers (supabase/functions/_shared/projects/first-screen.ts). */
interface FirstScreenAnswer {
  projects: Record<string, unknown>[];
  pictures: (ImageSource & { url: string })[];
}

/**
 * The active projects with the first cards' pictures signed in the same round trip (the
 * projects-first-screen function), as `request` asks (windowFirstScreen: the size the grid's CSS
 * predicts for this screen, its first two rows; index.html's <head> script sends the same body,
 * so the app takes its answer): each signed URL goes where the card looks for it (signedImageQueryOptions), so the
 * first pictures load as soon as their cards render. When the function fails, the list is read
 * as usual and the cards sign their own pictures.
 */
export async function fetchProjectsFirstScreen(
  client: AppSupabaseClient,
  queryClient: QueryClient,
  userId: string,
  request: FirstScreenRequest,
): Promise<Project[]> {
  const { thumbnail } = request;
  const { data, error } = await client.functions.invoke<FirstScreenAnswer>('projects-first-screen', {
    body: request,
  });
  if (error || !data || !Array.isArray(data.projects)) return fetchProjects(client, userId, false);
  for (const picture of data.pictures ?? []) {
    const source: ImageSource = { bucket: picture.bucket, path: picture.path };
    // the Storage API's address as this client knows it (what createSignedUrl puts before the path)
    const publicUrl = client.storage.from(source.bucket).getPublicUrl(source.path).data.publicUrl;
    const storageBase = publicUrl.slice(0, publicUrl.lastIndexOf('/object/public/'));
    const options = signedImageQueryOptions(client, source, thumbnail);
    // built with its options first, so it is kept out of the offline cache like any signed URL
    const { queryKey, meta, gcTime } = options;
    queryClient.getQueryCache().build(queryClient, { queryKey, meta, gcTime });
    queryClient.setQueryData(options.queryKey, storageBase + picture.url);
  }
  return data.projects.map((row) => toProject(row));
}

/** The first read of /projects (its route's loader): the list, with the first pictures signed. */
export const projectsFirstScreenQueryOptions = (
  client: AppSupabaseClient,
  userId: string,
  request: FirstScreenRequest,
) =>
  queryOptions({
    ...projectsQueryOptions(client, userId),
    queryFn: ({ client: queryClient }) => fetchProjectsFirstScreen(client, queryClient, userId, request),
  });

export const archivedProjectsQueryOptions = (client: AppSupabaseClient, userId: string) =>
  queryOptions({
    queryKey: projectKeys.archived(userId),
    queryFn: () => fetchProjects(client, userId, true),
    retry: PROJECTS_RETRIES,
    retryDelay: PROJECTS_RETRY_DELAY_MS,
  });

/** The projects of one batch, in the order the seller listed the photos. */
export async function fetchBatchProjects(client: AppSupabaseClient, batchId: string): Promise<Project[]> {
  const { data, error } = await client
    .from('projects')
    .select(`${PROJECT_COLUMNS}, metadata`)
    .eq('batch_id', batchId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  const position = (row: Record<string, unknown>) =>
    Number((row.metadata as { batchPosition?: unknown } | null)?.batchPosition ?? 0);
  return (data ?? [])
    .map((row) => row as unknown as Record<string, unknown>)
    .sort((a, b) => position(a) - position(b))
    .map(({ metadata: _metadata, ...row }) => toProject(row));
}

export const batchProjectsQueryOptions = (client: AppSupabaseClient, userId: string, batchId: string) =>
  queryOptions({
    queryKey: projectKeys.batch(userId, batchId),
    queryFn: () => fetchBatchProjects(client, batchId),
    retry: PROJECTS_RETRIES,
    retryDelay: PROJECTS_RETRY_DELAY_MS,
  });

/** One project with its images; null when there is none the seller may read. */
export async function fetchProject(client: AppSupabaseClient, projectId: string): Promise<Project | null> {
  if (!/^[0-9a-f-]{36}$/i.test(projectId)) return null;
  const { data, error } = await client
    .from('projects')
    .select(PROJECT_COLUMNS)
    .eq('id', projectId)
    .maybeSingle();
  if (error) throw error;
  return data ? toProject(data as unknown as Record<string, unknown>) : null;
}

export const projectQueryOptions = (client: AppSupabaseClient, userId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(userId, projectId),
    queryFn: () => fetchProject(client, projectId),
    retry: PROJECTS_RETRIES,
    retryDelay: PROJECTS_RETRY_DELAY_MS,
  });

/** An hour: the most the 'generated' bucket signs (docs/deploying.md, signed URLs on generated results). */
const SIGNED_URL_SECONDS = 60 * 60;
/** Signed URLs are read again well before they run out. */
export const SIGNED_URL_STALE_MS = 40 * 60_000;

/** A short-lived URL for a stored image, transformed to `size` by Storage (null: the file as stored). */
export async function signImage(
  client: AppSupabaseClient,
  source: ImageSource,
  size: ImageSize | null,
): Promise<string> {
  const { data, error } = await client.storage
    .from(source.bucket)
    .createSignedUrl(source.path, SIGNED_URL_SECONDS, size ? { transform: size } : undefined);
  if (error) throw error;
  return data.signedUrl;
}

export const signedImageQueryOptions = (
  client: AppSupabaseClient,
  source: ImageSource,
  size: ImageSize | null,
) =>
  queryOptions({
    queryKey: projectKeys.signed(source, size),
    queryFn: () => signImage(client, source, size),
    staleTime: SIGNED_URL_STALE_MS,
    gcTime: SIGNED_URL_STALE_MS,
    // short-lived and one per picture: never written to the offline cache
    meta: { persist: false },
  });

// Fix requests --------------------------------------------------------------------------

export const FIXES_PER_PAGE = 8;

export interface FixRequest {
  id: string;
  project_id: string;
  project_name: string | null;
  annotated_image: string | null;
  description: string;
  status: FixStatus;
  created_at: string;
  /** once completed: the fixed image, clean ('generated') and watermarked ('watermarked') */
  result_path: string | null;
  result_watermarked_path: string | null;
  /** the fix workflow's note (why it was rejected) */
  result_note: string | null;
}

const FIX_COLUMNS =
  'id, project_id, annotated_image, description, status, created_at, result_path, result_watermarked_path, result_note, project:projects(name)';

type FixRow = Pick<
  Tables<'fixes'>,
  | 'id'
  | 'project_id'
  | 'annotated_image'
  | 'description'
  | 'status'
  | 'created_at'
  | 'result_path'
  | 'result_watermarked_path'
  | 'result_note'
> & { project: unknown };

function toFixRequest(row: FixRow): FixRequest {
  const project = row.project as { name: string } | { name: string }[] | null;
  const name = Array.isArray(project) ? project[0]?.name : project?.name;
  return {
    id: row.id,
    project_id: row.project_id,
    project_name: name ?? null,
    annotated_image: row.annotated_image,
    description: row.description,
    status: row.status as FixStatus,
    created_at: row.created_at,
    result_path: row.result_path,
    result_watermarked_path: row.result_watermarked_path,
    result_note: row.result_note,
  };
}

export interface FixPage {
  fixes: FixRequest[];
  total: number;
}

/** Page `page` (from 1) of the seller's fix requests, newest first, with the project's name. */
export async function fetchFixPage(
  client: AppSupabaseClient,
  userId: string,
  page: number,
): Promise<FixPage> {
  const from = (Math.max(page, 1) - 1) * FIXES_PER_PAGE;
  const { data, error, count } = await client
    .from('fixes')
    .select(FIX_COLUMNS, { count: 'exact' })
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + FIXES_PER_PAGE - 1);
  if (error) throw error;
  const fixes = (data ?? []).map((row) => toFixRequest(row));
  return { fixes, total: count ?? fixes.length };
}

/** One project's fix requests, newest first (the project page). */
export async function fetchProjectFixes(client: AppSupabaseClient, projectId: string): Promise<FixRequest[]> {
  const { data, error } = await client
    .from('fixes')
    .select(FIX_COLUMNS)
    .eq('project_id', projectId)
    .order('created_at', { ascending: false })
    .order('id');
  if (error) throw error;
  return (data ?? []).map((row) => toFixRequest(row));
}

export const projectFixesQueryOptions = (client: AppSupabaseClient, userId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.projectFixes(userId, projectId),
    queryFn: () => fetchProjectFixes(client, projectId),
  });

export const fixPageQueryOptions = (client: AppSupabaseClient, userId: string, page: number) =>
  queryOptions({
    queryKey: projectKeys.fixPage(userId, page),
    queryFn: () => fetchFixPage(client, userId, page),
    placeholderData: (previous) => previous,
  });

/** can_request_project_fix (spec 1 §7): what the fix dialog says before the seller writes. */
export interface FixEligibility {
  can_request: boolean;
  reason: string | null;
  reason_code: string | null;
  will_use_credits: boolean;
  free_fixes_remaining: number;
  /** the plan's free fixes per project (the m of 'n of m free fixes left') */
  free_fixes_per_project: number;
  credits_remaining: number;
  fix_cost: number;
}

export async function fetchFixEligibility(
  client: AppSupabaseClient,
  projectId: string,
): Promise<FixEligibility> {
  const { data, error } = await client.rpc('can_request_project_fix', { project_id: projectId });
  if (error) throw error;
  const r = (data ?? {}) as Record<string, unknown>;
  return {
    can_request: r.can_request === true,
    reason: typeof r.reason === 'string' ? r.reason : null,
    reason_code: typeof r.reason_code === 'string' ? r.reason_code : null,
    will_use_credits: r.will_use_credits === true,
    free_fixes_remaining: Number(r.free_fixes_remaining ?? 0),
    free_fixes_per_project: Number(r.free_fixes_per_project ?? r.free_fixes_remaining ?? 0),
    credits_remaining: Number(r.credits_remaining ?? 0),
    fix_cost: Number(r.fix_cost ?? 1),
  };
}

export const fixEligibilityQueryOptions = (client: AppSupabaseClient, userId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.eligibility(userId, projectId),
    queryFn: () => fetchFixEligibility(client, projectId),
    staleTime: 0,
  });

// Writes --------------------------------------------------------------------------------

export async function renameProject(client: AppSupabaseClient, projectId: string, name: string) {
  const { error } = await client.rpc('rename_project', { project_id: projectId, name });
  if (error) throw error;
}

export async function archiveProject(client: AppSupabaseClient, projectId: string) {
  const { error } = await client.rpc('archive_project', { project_id: projectId });
  if (error) throw error;
}

export async function unarchiveProject(client: AppSupabaseClient, projectId: string) {
  const { error } = await client.rpc('unarchive_project', { project_id: projectId });
  if (error) throw error;
}

/** Deletes the project and every file stored for it (the delete-project edge function). */
export async function deleteProject(client: AppSupabaseClient, projectId: string) {
  const { error } = await client.functions.invoke('delete-project', { body: { projectId } });
  if (error) throw await functionError(error);
}

/** Deletes a fix request and its drawing (the drawing is the seller's own file). */
export async function deleteFix(client: AppSupabaseClient, fix: Pick<FixRequest, 'id' | 'annotated_image'>) {
  const { data, error } = await client.from('fixes').delete().eq('id', fix.id).select('id');
  if (error) throw error;
  if (!data?.length) throw new AppError(MESSAGES.deleteFixFailed, 'fix not found');
  // a failure here leaves the file queued for the server's cleanup (the row's trigger queued it)
  if (fix.annotated_image) await client.storage.from('fix-drawings').remove([fix.annotated_image]);
}

export interface FixInput {
  userId: string;
  projectId: string;
  imageId: string | null;
  description: string;
  /** the annotated image (PNG) */
  drawing: Blob;
}

/**
 * Stores the drawing in fix-drawings ({userId}/{projectId}/{timestamp}.png), asks for the fix
 * (request_project_fix: one pending per project, free fixes, else 1 credit) and wakes the
 * notice sender, which posts the request with the drawing to the fix workflow. The request
 * (lib/pending-request.ts) names the press: its id makes the server record and charge the fix
 * once, and its drawing is uploaded once — a retry after a lost answer sends both again
 * unchanged and gets the fix already made. A refused request takes its drawing back out of
 * storage; a lost answer leaves it (the fix may exist and point at it).
 */
export async function requestFix(
  client: AppSupabaseClient,
  input: FixInput,
  request: PendingRequest<FixRequestState>,
) {
  if (request.state.path === null) {
    const path = `${input.userId}/${input.projectId}/${Date.now()}.png`;
    const upload = await client.storage
      .from('fix-drawings')
      .upload(path, input.drawing, { contentType: 'image/png' });
    if (upload.error) throw upload.error;
    request.state.path = path;
  }
  const path = request.state.path;
  const { data, error } = await client.rpc('request_project_fix', {
    project_id: input.projectId,
    description: input.description,
    annotated_image: path,
    ...(input.imageId ? { image_id: input.imageId } : {}),
    request_id: request.id,
  });
  if (error) {
    if (!isNetworkError(error)) {
      request.state.path = null;
      await client.storage.from('fix-drawings').remove([path]);
    }
    throw error;
  }
  // The notice is stored; sending now is a courtesy (the schedule retries anyway).
  void client.functions.invoke('send-notice', { body: {} }).catch(() => undefined);
  return data;
}

/** What a fix press sends again unchanged: the drawing once uploaded. */
export interface FixRequestState {
  path: string | null;
}

/** The key of a fix press: a new description, image or project is a new request. */
export const fixRequestKey = (input: Omit<FixInput, 'drawing' | 'userId'>) =>
  JSON.stringify([input.projectId, input.imageId, input.description]);
