// Where a push may go. A subscription's endpoint comes from the seller's browser, so it is
// only as good as the browser that gave it: save_push_subscription (SQL) accepts only the
// browsers' push services, and the sender checks again before each push (rows saved before
// that rule, or a changed list) and then checks the addresses the host resolves to, so that a
// push never reaches this platform's own network.
//
// The host rule is the SQL's private.push_service_host_allowed, word for word
// (endpoint.test.ts compares the two). The local stack's stand-in push service is allowed,
// private address and all, only when SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN names its origin:
// the local stack sets that variable itself, and hosted Supabase refuses secrets whose name
// starts with SUPABASE_, so no deploy carries it (docs/local-stack.md).

/** The push services' hosts taken as they are. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
] as const;

/** Domains under which one more label is a push service's host (web.push.apple.com, wns2-by3p.notify.windows.com). */
export const PUSH_SERVICE_DOMAINS = [
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** The variable that lets the local stack's stand-in push service through. */
export const LOCAL_PUSH_ORIGIN_ENV = 'SUPABASE_LOCAL_PUSH_SERVICE_ORIGIN';

const LABEL = /^[a-z0-9-]+$/;

export function isPushServiceHost(host: string): boolean {
  if ((PUSH_SERVICE_HOSTS as readonly string[]).includes(host)) return true;
  const dot = host.indexOf('.');
  return (
    dot > 0 &&
    LABEL.test(host.slice(0, dot)) &&
    (PUSH_SERVICE_DOMAINS as readonly string[]).includes(host.slice(dot + 1))
  );
}

/** What the SQL's private.push_endpoint_allowed accepts as the text of an endpoint. */
const ENDPOINT = /^https:\/\/([A-Za-z0-9.-]+)\/[A-Za-z0-9._~:/?#!$&'()*+,;=%[\]-]*$/;
const LOCAL_ENDPOINT = /^https:\/\/[^\s@\\]+$/;

export type EndpointCheck = { ok: true; url: URL; local: boolean } | { ok: false; reason: string };

/**
 * Whether an endpoint is one a push may be posted to: the same rule as the SQL on the text,
 * then the URL as fetch would read it must agree (https, no user name or port, the same host).
 * `localOrigin` is the local stack's stand-in (null on hosted Supabase).
 */
export function checkPushEndpoint(endpoint: string, localOrigin: string | null): EndpointCheck {
  if (endpoint.length > 2048) return { ok: false, reason: 'the endpoint is longer than 2048 characters' };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'the endpoint is not a URL' };
  }
  if (localOrigin && endpoint.startsWith(`${localOrigin}/`) && LOCAL_ENDPOINT.test(endpoint)) {
    if (url.origin === localOrigin && !url.username && !url.password) return { ok: true, url, local: true };
  }
  const text = ENDPOINT.exec(endpoint);
  if (!text) {
    return {
      ok: false,
      reason: 'the endpoint is not https://<push service host>/<path> (a port, a user name, an IP address?)',
    };
  }
  const host = text[1].toLowerCase();
  if (!isPushServiceHost(host)) return { ok: false, reason: `${host} is not a browser's push service` };
  if (url.protocol !== 'https:' || url.username || url.password || url.port || url.hostname !== host) {
    return { ok: false, reason: 'the endpoint reads differently as a URL' };
  }
  return { ok: true, url, local: false };
}

/** The local stand-in's origin from the functions' environment, or null when unset or malformed. */
export function localPushOrigin(env: (name: string) => string | undefined): string | null {
  const raw = env(LOCAL_PUSH_ORIGIN_ENV)?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.origin === raw ? raw : null;
  } catch {
    return null;
  }
}

// Addresses -------------------------------------------------------------------------------

/** An IPv4 address in its one canonical form (what DNS answers and URL parsing give), else null. */
function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9][0-9]{0,2})$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address (with :: and an optional dotted IPv4 tail) as 8 groups, else null. */
function ipv6(text: string): number[] | null {
  let s = text.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (s.includes('%') || !/^[0-9a-f:.]+$/.test(s)) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.')) {
    const v4 = ipv4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    // keep a '::' just before the IPv4 part, drop a single ':'
    const head = s.slice(0, lastColon + 1);
    s = head.endsWith('::') ? head : head.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  const zeros = new Array(8 - known).fill(0);
  return [
    ...head.map((g) => Number.parseInt(g, 16)),
    ...zeros,
    ...rest.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
}

function inV4(b: number[], net: [number, number, number, number], bits: number): boolean {
  const a = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  const n = ((net[0] << 24) | (net[1] << 16) | (net[2] << 8) | net[3]) >>> 0;
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (a & mask) >>> 0 === (n & mask) >>> 0;
}

/** IPv4 ranges a push must never reach (IANA special-purpose registry, and multicast). */
const V4_REFUSED: [[number, number, number, number], number, string][] = [
  [[0, 0, 0, 0], 8, 'reserved ("this network")'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'private (carrier-grade NAT)'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved (IETF protocol assignments)'],
  [[192, 0, 2, 0], 24, 'reserved (documentation)'],
  [[192, 88, 99, 0], 24, 'reserved (6to4 relay)'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved (benchmarking)'],
  [[198, 51, 100, 0], 24, 'reserved (documentation)'],
  [[203, 0, 113, 0], 24, 'reserved (documentation)'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function v4Problem(b: number[]): string | null {
  for (const [net, bits, what] of V4_REFUSED) if (inV4(b, net, bits)) return what;
  return null;
}

/**
 * Why a push must not go to this address (loopback, private, link-local, reserved,
 * multicast…), or null for a public unicast address. Anything that does not read as an
 * address is refused too. IPv6: only global unicast (2000::/3) outside its special blocks;
 * an IPv4 address inside IPv6 (mapped, compatible, NAT64) is judged as that IPv4 address.
 */
export function addressProblem(address: string): string | null {
  const v4 = ipv4(address);
  if (v4) return v4Problem(v4);
  const g = ipv6(address);
  if (!g) return 'not an IP address';
  const embedded = (): number[] => [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'reserved (unspecified)';
  if (zeroTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64)
  if (zeroTo(5) && g[5] === 0xffff) return v4Problem(embedded()) ?? null;
  if (zeroTo(6)) return v4Problem(embedded()) ?? 'reserved (IPv4-compatible)';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return v4Problem(embedded());
  }
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((g[0] & 0xe000) !== 0x2000) return 'reserved (not global unicast)';
  if (g[0] === 0x2001 && g[1] < 0x200) return 'reserved (IETF protocol assignments, Teredo)';
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'reserved (documentation)';
  if (g[0] === 0x2002) return 'reserved (6to4)';
  if (g[0] === 0x3fff && g[1] < 0x1000) return 'reserved (documentation)';
  return null;
}

// Resolving -------------------------------------------------------------------------------

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (node:dns lookup in production). */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** `refused`: the address is one a push never goes to (the subscription is useless); otherwise
 * the name did not resolve just now (worth another try). */
export type AddressCheck =
  | { ok: true; address: ResolvedAddress }
  | { ok: false; reason: string; refused: boolean };

/**
 * The address to connect to for a host: refused when any address it resolves to is not a
 * public one (a name that answers a private address among public ones is not trusted
 * either). An IP address as the host is judged as it is. `allowPrivate` for the local
 * stand-in only.
 */
export async function checkedAddress(
  host: string,
  resolve: Resolve,
  allowPrivate = false,
): Promise<AddressCheck> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: ResolvedAddress[];
  if (ipv4(bare)) addresses = [{ address: bare, family: 4 }];
  else if (ipv6(bare)) addresses = [{ address: bare, family: 6 }];
  else {
    try {
      addresses = await resolve(bare);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return { ok: false, reason: `${bare} does not resolve: ${why}`, refused: false };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `${bare} resolves to no address`, refused: false };
  if (!allowPrivate) {
    for (const a of addresses) {
      const problem = addressProblem(a.address);
      if (problem)
        return { ok: false, reason: `${bare} resolves to ${a.address}, a ${problem} address`, refused: true };
    }
  }
  return { ok: true, address: addresses[0] };
}
