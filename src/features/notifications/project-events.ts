// Turns live project rows into what the user sees: a persistent loading toast while a project
// is processing, a 5 s success or failure toast when it ends (spec 1 §4). A status is acted on
// once per project, however many times the row is updated.
export type ProjectStatus =
  | 'draft'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'rejected'
  | 'archived'
  | string;

export interface ProjectEvent {
  id: string;
  name: string;
  status: ProjectStatus;
}

export type ProjectReaction =
  | { kind: 'processing'; id: string; name: string }
  | { kind: 'completed'; id: string; name: string }
  | { kind: 'failed'; id: string; name: string }
  | null;

export const RESULT_TOAST_MS = 5000;

export function createProjectTracker() {
  const seen = new Map<string, ProjectStatus>();
  return {
    react(event: ProjectEvent): ProjectReaction {
      const before = seen.get(event.id);
      seen.set(event.id, event.status);
      if (before === event.status) return null;
      if (event.status === 'processing') return { kind: 'processing', id: event.id, name: event.name };
      if (event.status === 'completed') return { kind: 'completed', id: event.id, name: event.name };
      if (event.status === 'failed') return { kind: 'failed', id: event.id, name: event.name };
      return null;
    },
    forget(id: string) {
      seen.delete(id);
    },
  };
}
