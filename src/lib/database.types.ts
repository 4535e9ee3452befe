// The part of the public schema (supabase/migrations) that the app reads and writes, in the
// shape `supabase gen types typescript` produces. Keep it in step with the migrations.
type Timestamp = string;

type Table<Row, Insert = Partial<Row>, Update = Partial<Row>> = {
  Row: Row;
  Insert: Insert;
  Update: Update;
  Relationships: [];
};

export type Plan = 'free' | 'lite' | 'pro' | 'advanced';
export type ProjectStatus = 'draft' | 'processing' | 'completed' | 'failed' | 'rejected' | 'archived';
export type NotificationType = 'project_created' | 'project_completed' | 'project_failed' | 'project_rejected' | 'credits_low' | 'credits_empty';

export type ProfileRow = {
  id: string;
  full_name: string | null;
  phone_number: string | null;
  updated_at: Timestamp | null;
}

export type SubscriptionRow = {
  user_id: string;
  plan: Plan;
  /** numeric(12,2): PostgREST sends it as a number */
  credits_remaining: number;
  credits_used: number;
  current_period_end: Timestamp | null;
  cancel_at_period_end: boolean;
  updated_at: Timestamp | null;
}

export type ProjectRow = {
  id: string;
  user_id: string;
  name: string;
  type: 'on-model' | 'flat-lay' | string;
  status: ProjectStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type NotificationRow = {
  id: string;
  user_id: string;
  type: NotificationType | string;
  title: string;
  message: string;
  read: boolean;
  project_id: string | null;
  /** values for showing the text in another language: projectName, credits, plan */
  data: { projectName?: string; credits?: number | string; plan?: string } | null;
  created_at: Timestamp;
}

/** rpc('get_project_stats') */
export type ProjectStats = {
  total: number;
  completed: number;
  in_progress: number;
  rejected: number;
  failed: number;
  archived: number;
}

/** One item of rpc('get_recent_activity') */
export type ActivityItem = {
  id: string;
  type: 'project_created' | 'project_completed' | 'fix_requested' | 'tool_used';
  date: Timestamp;
  details: string | null;
  metadata: {
    projectId?: string;
    projectName?: string | null;
    projectType?: string | null;
    status?: string;
    fixId?: string;
    toolName?: string | null;
    toolDetails?: string | null;
    creditsUsed?: number | null;
  };
}

type NoArgs = never;

export type Database = {
  public: {
    Tables: {
      profiles: Table<ProfileRow, Partial<ProfileRow> & { id: string }>;
      subscriptions: Table<SubscriptionRow>;
      projects: Table<ProjectRow>;
      notifications: Table<NotificationRow>;
    };
    Views: { [_ in never]: never };
    Functions: {
      check_email_exists: { Args: { email: string }; Returns: { exists: boolean } };
      check_phone_exists: { Args: { phone_number: string }; Returns: { exists: boolean } };
      get_project_stats: { Args: NoArgs; Returns: ProjectStats };
      get_recent_activity: { Args: NoArgs; Returns: ActivityItem[] };
      mark_notification_read: { Args: { notification_id: string }; Returns: boolean };
      mark_all_notifications_read: { Args: NoArgs; Returns: number };
      submit_feedback: { Args: { feedback: string }; Returns: string };
      submit_contact_request: { Args: { full_name: string; email: string; details: string }; Returns: string };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
}
