// Who is an operator: app_metadata.role, which only the service role can set
// (`npm run operator -- add <email>`). The server checks it again on every call.
import type { User } from '@supabase/supabase-js';

export const isOperator = (user: Pick<User, 'app_metadata'> | null | undefined): boolean =>
  user?.app_metadata?.role === 'operator';
