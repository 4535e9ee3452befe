// Settings of the local stack: supabase/config.toml (the Supabase CLI format) overlaid
// with environment variables, so tests and operators can change a port or a secret
// without editing the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The JWT secret `supabase start` uses by default; fine for a laptop, never for production. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface RateLimits {
  /** mails per hour, all users together (GoTrue: RATE_LIMIT_EMAIL_SENT) */
  emailSent: number;
  /** sign-ins and sign-ups per 5 minutes per IP */
  signInSignUps: number;
  /** refresh-token grants per 5 minutes per IP */
  tokenRefresh: number;
  /** verifications per 5 minutes per IP */
  tokenVerifications: number;
}

export interface StackConfig {
  port: number;
  /**
   * The address the stack listens on (env SUPABASE_HOST): 127.0.0.1 unless set. Any other
   * address needs a JWT secret of one's own (see unsafeBindingReason).
   */
  host: string;
  /** Address other processes (and mails) use to reach the stack. */
  apiUrl: string;
  jwtSecret: string;
  dataDir: string;
  /** Set to use a PostgreSQL server instead of the embedded PGlite. */
  databaseUrl: string | null;
  schemas: string[];
  maxRows: number | null;
  auth: {
    siteUrl: string;
    redirectUrls: string[];
    jwtExpiry: number;
    enableSignup: boolean;
    enableConfirmations: boolean;
    minPasswordLength: number;
    refreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    otpExpiry: number;
    /** Minimum seconds between two mails of one kind to one user. */
    maxFrequency: number;
    /**
     * `[auth.email.template.<kind>]` of config.toml: subject and content (the file at
     * content_path, read at start), Go templates rendered for each mail as hosted Supabase does.
     * A kind without one gets Supabase's default wording.
     */
    mailTemplates: Partial<Record<MailTemplateKind, { subject: string; content: string }>>;
    rateLimits: RateLimits;
  };
  storage: {
    fileSizeLimit: number;
    /**
     * The longest signed download URL a bucket signs, in seconds (env
     * STORAGE_GENERATED_SIGNED_URL_MAX_SECONDS for 'generated', default 3600): a clean
     * result's URL made on a paid plan must not outlive the plan by more than this.
     */
    signedUrlMaxSeconds: Record<string, number>;
  };
  /** Honour X-Forwarded-For (only behind a proxy that sets it); env TRUST_PROXY. */
  trustProxy: boolean;
  /**
   * The origin (https://host:port) of a stand-in push service on this machine or network that
   * pushes may go to although its address is private: env LOCAL_PUSH_SERVICE_ORIGIN, for tests
   * and benches. Null (the default) lets pushes go only to the browsers' push services at
   * public addresses, as on hosted Supabase (docs/local-stack.md).
   */
  localPushServiceOrigin: string | null;
  /**
   * The keys of the dev services (env LOCAL_FASHN_KEY, LOCAL_STRIPE_SECRET_KEY). Unset, the
   * local FASHN endpoint and the Stripe stand-in's API answer this machine only; set, they
   * answer only that key. Listening beyond this machine needs both (see unsafeBindingReason).
   */
  devKeys: { fashn: string | null; stripe: string | null };
  /** Where `npm start` serves the built app; 0 disables it. */
  appPort: number;
  migrationsDir: string;
  /** more migration folders applied after migrationsDir (test fixtures) */
  extraMigrationsDirs: string[];
  seedFile: string;
  functionsDir: string;
  /** more folders of functions served after functionsDir (test fixtures) */
  extraFunctionsDirs: string[];
  /** per-function settings from `[functions.<name>]` in config.toml */
  functions: Record<string, { verifyJwt: boolean }>;
}

/** The parts of supabase/config.toml read here (the Supabase CLI's names). */
interface Toml {
  api?: { port?: number; schemas?: string[]; max_rows?: number };
  auth?: {
    site_url?: string;
    additional_redirect_urls?: string[];
    jwt_expiry?: number;
    jwt_secret?: string;
    enable_signup?: boolean;
    minimum_password_length?: number;
    enable_refresh_token_rotation?: boolean;
    refresh_token_reuse_interval?: number;
    email?: {
      enable_confirmations?: boolean;
      otp_expiry?: number;
      max_frequency?: string;
      template?: Partial<Record<string, { subject?: string; content_path?: string }>>;
    };
    rate_limit?: {
      email_sent?: number;
      sign_in_sign_ups?: number;
      token_refresh?: number;
      token_verifications?: number;
    };
  };
  storage?: { file_size_limit?: string };
  functions?: Record<string, { verify_jwt?: boolean } | undefined>;
}

function envBool(name: string): boolean | undefined {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  return /^(1|true|yes|on)$/i.test(v);
}

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : Number.parseInt(v, 10);
}

/** LOCAL_PUSH_SERVICE_ORIGIN: an https origin exactly (no path), or unset; anything else stops the start. */
export function pushServiceOrigin(raw: string | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  let origin: string | null = null;
  try {
    const url = new URL(v);
    if (url.protocol === 'https:') origin = url.origin;
  } catch {
    // reported below
  }
  if (origin !== v) {
    throw new Error(
      `LOCAL_PUSH_SERVICE_ORIGIN must be an https origin such as https://127.0.0.1:8443, not ${v}`,
    );
  }
  return v;
}

/** "50MiB" | "5MB" | 1024 → bytes */
export function parseSize(v: unknown): number {
  if (typeof v === 'number') return v;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B?|B)?\s*$/i.exec(String(v));
  if (!m) throw new Error(`config: cannot read size ${JSON.stringify(v)}`);
  const unit = (m[2] ?? 'B').toUpperCase();
  const base = unit.includes('I') ? 1024 : 1000;
  const pow = unit.startsWith('K') ? 1 : unit.startsWith('M') ? 2 : unit.startsWith('G') ? 3 : 0;
  return Math.round(Number(m[1]) * base ** pow);
}

/** "1s" | "1m" | "1h" | 60 → seconds */
function parseDuration(v: unknown, fallback: number): number {
  if (v === undefined) return fallback;
  if (typeof v === 'number') return v;
  const m = /^(\d+)(ms|s|m|h)?$/.exec(String(v).trim());
  if (!m) return fallback;
  const n = Number(m[1]);
  return m[2] === 'ms' ? n / 1000 : m[2] === 'm' ? n * 60 : m[2] === 'h' ? n * 3600 : n;
}

export function loadConfig(overrides: Partial<StackConfig> & { configFile?: string } = {}): StackConfig {
  const file = overrides.configFile ?? path.join(ROOT, 'supabase/config.toml');
  const toml = parseToml(readFileSync(file, 'utf8')) as Toml;
  const api = toml.api ?? {};
  const auth = toml.auth ?? {};
  const email = auth.email ?? {};
  const rl = auth.rate_limit ?? {};

  const port = overrides.port ?? envInt('SUPABASE_PORT') ?? api.port ?? 54321;
  const host = overrides.host ?? (process.env.SUPABASE_HOST || DEFAULT_HOST);
  const appPort = overrides.appPort ?? envInt('APP_PORT') ?? 3000;

  const config: StackConfig = {
    port,
    host,
    apiUrl: process.env.SUPABASE_PUBLIC_URL ?? `http://${urlHost(host)}:${port}`,
    jwtSecret:
      process.env.JWT_SECRET ?? process.env.SUPABASE_AUTH_JWT_SECRET ?? auth.jwt_secret ?? DEFAULT_JWT_SECRET,
    dataDir: path.resolve(ROOT, process.env.DATA_DIR ?? '.data'),
    databaseUrl: process.env.DATABASE_URL || null,
    schemas: api.schemas ?? ['public'],
    maxRows: api.max_rows ?? null,
    auth: {
      siteUrl: process.env.SITE_URL ?? auth.site_url ?? 'http://localhost:3000',
      redirectUrls: auth.additional_redirect_urls ?? [],
      jwtExpiry: envInt('JWT_EXPIRY') ?? auth.jwt_expiry ?? 3600,
      enableSignup: auth.enable_signup ?? true,
      enableConfirmations: envBool('AUTH_ENABLE_CONFIRMATIONS') ?? email.enable_confirmations ?? false,
      minPasswordLength: auth.minimum_password_length ?? 6,
      refreshTokenRotation: auth.enable_refresh_token_rotation ?? true,
      refreshTokenReuseInterval: auth.refresh_token_reuse_interval ?? 10,
      otpExpiry: email.otp_expiry ?? 3600,
      maxFrequency: parseDuration(email.max_frequency, 60),
      mailTemplates: readMailTemplates(email.template ?? {}),
      rateLimits: {
        emailSent: envInt('AUTH_RATE_LIMIT_EMAIL_SENT') ?? rl.email_sent ?? 2,
        signInSignUps: envInt('AUTH_RATE_LIMIT_SIGN_IN') ?? rl.sign_in_sign_ups ?? 30,
        tokenRefresh: envInt('AUTH_RATE_LIMIT_TOKEN_REFRESH') ?? rl.token_refresh ?? 150,
        tokenVerifications: envInt('AUTH_RATE_LIMIT_VERIFY') ?? rl.token_verifications ?? 30,
      },
    },
    storage: {
      fileSizeLimit: parseSize(toml.storage?.file_size_limit ?? '50MiB'),
      signedUrlMaxSeconds: { generated: envInt('STORAGE_GENERATED_SIGNED_URL_MAX_SECONDS') ?? 3600 },
    },
    trustProxy: envBool('TRUST_PROXY') ?? false,
    localPushServiceOrigin: pushServiceOrigin(process.env.LOCAL_PUSH_SERVICE_ORIGIN),
    devKeys: {
      fashn: process.env.LOCAL_FASHN_KEY || null,
      stripe: process.env.LOCAL_STRIPE_SECRET_KEY || null,
    },
    appPort,
    migrationsDir: path.join(ROOT, 'supabase/migrations'),
    extraMigrationsDirs: [],
    seedFile: path.join(ROOT, 'supabase/seed.sql'),
    functionsDir: path.join(ROOT, 'supabase/functions'),
    extraFunctionsDirs: [],
    functions: Object.fromEntries(
      Object.entries(toml.functions ?? {}).map(([name, f]) => [name, { verifyJwt: f?.verify_jwt ?? true }]),
    ),
  };
  return { ...config, ...stripUndefined(overrides) } as StackConfig;
}

export const MAIL_TEMPLATE_KINDS = [
  'confirmation',
  'recovery',
  'magic_link',
  'email_change',
  'invite',
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** The configured auth mail templates, their files read (paths from the project root, as the CLI reads them). */
function readMailTemplates(
  raw: Partial<Record<string, { subject?: string; content_path?: string }>>,
): Partial<Record<MailTemplateKind, { subject: string; content: string }>> {
  const out: Partial<Record<MailTemplateKind, { subject: string; content: string }>> = {};
  for (const [kind, t] of Object.entries(raw)) {
    if (!(MAIL_TEMPLATE_KINDS as readonly string[]).includes(kind) || !t) continue;
    if (!t.content_path) throw new Error(`config: [auth.email.template.${kind}] needs content_path`);
    const file = path.resolve(ROOT, t.content_path);
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`config: [auth.email.template.${kind}] content_path ${t.content_path} cannot be read`);
    }
    out[kind as MailTemplateKind] = { subject: t.subject ?? '', content };
  }
  return out;
}

/** Where the stack listens unless SUPABASE_HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/** The host for the stack's own URL: localhost for a loopback or every-interface address. */
function urlHost(host: string): string {
  const h = host.trim();
  if (isLoopback(h) || h === '0.0.0.0' || h === '::' || h === '[::]') return 'localhost';
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/** The shortest dev-service key accepted when the stack listens beyond this machine. */
export const MIN_DEV_KEY_LENGTH = 24;

/**
 * Why the stack must not start with these settings, or null. Listening where other machines
 * can connect with the well-known local JWT secret would let anyone on the network sign a
 * service_role token, so an address other than loopback needs a secret of one's own; and the
 * dev services (the local FASHN endpoint fetches URLs and posts webhooks for whoever calls
 * it; the Stripe stand-in lists every customer) need keys of their own there too.
 */
export function unsafeBindingReason(
  config: Pick<StackConfig, 'host' | 'jwtSecret' | 'devKeys'>,
): string | null {
  if (isLoopback(config.host)) return null;
  if (config.jwtSecret === DEFAULT_JWT_SECRET) {
    return (
      `Refusing to listen on ${config.host}: the JWT secret is the well-known local default, so anyone who can ` +
      `reach this address could sign a service_role token. Set JWT_SECRET to a secret of your own ` +
      `(at least 32 characters), or leave SUPABASE_HOST unset to listen on ${DEFAULT_HOST} only.`
    );
  }
  if (config.jwtSecret.length < 32) {
    return `Refusing to listen on ${config.host}: JWT_SECRET must be at least 32 characters long.`;
  }
  const weak = [
    ['LOCAL_FASHN_KEY', config.devKeys.fashn],
    ['LOCAL_STRIPE_SECRET_KEY', config.devKeys.stripe],
  ]
    .filter(([, key]) => !key || key.length < MIN_DEV_KEY_LENGTH)
    .map(([name]) => name);
  if (weak.length > 0) {
    return (
      `Refusing to listen on ${config.host}: the dev services (/_dev/fashn, /_dev/stripe) would answer anyone ` +
      `who reaches this address. Set ${weak.join(' and ')} to keys of your own (at least ` +
      `${MIN_DEV_KEY_LENGTH} characters; LOCAL_STRIPE_SECRET_KEY as sk_test_…), or leave SUPABASE_HOST unset.`
    );
  }
  if (!/^sk_test_/.test(config.devKeys.stripe as string))
    return `Refusing to listen on ${config.host}: LOCAL_STRIPE_SECRET_KEY must be a test-mode key (sk_test_…).`;
  return null;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'configFile'),
  ) as Partial<T>;
}
