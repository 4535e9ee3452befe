// The part of Go's template language Supabase's auth mail templates use, so the local stack
// renders the same files hosted Supabase does (supabase/templates/*.html, configured in
// config.toml): `{{ .ConfirmationURL }}`, `{{ .Data.language }}`, `{{ if eq .Data.language "el" }}`
// … `{{ else if … }}` … `{{ else }}` … `{{ end }}`, `ne`, a bare value as a condition, and the
// `{{-` / `-}}` whitespace trims. Values are HTML-escaped in HTML (as html/template does for
// text and attributes). Anything else is refused when the template is read, so a template the
// local stack would get wrong fails here rather than differing silently.

type Arg = { path: string[] } | { literal: string };
type Cond = { op: 'eq' | 'ne'; a: Arg; b: Arg } | { op: 'truthy'; a: Arg };
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; arg: Arg }
  | { kind: 'if'; branches: { cond: Cond | null; body: Node[] }[] };

export type TemplateData = Record<string, unknown>;

function parseArg(raw: string, action: string): Arg {
  if (/^"(?:[^"\\]|\\.)*"$/.test(raw)) return { literal: JSON.parse(raw) as string };
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(raw)) return { path: raw.slice(1).split('.') };
  throw new Error(`unsupported template argument ${raw} in {{ ${action} }}`);
}

function parseCond(expr: string, action: string): Cond {
  const parts = expr.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  if ((parts[0] === 'eq' || parts[0] === 'ne') && parts.length === 3)
    return { op: parts[0], a: parseArg(parts[1], action), b: parseArg(parts[2], action) };
  if (parts.length === 1) return { op: 'truthy', a: parseArg(parts[0], action) };
  throw new Error(`unsupported template condition in {{ ${action} }}`);
}

/** Parses a template; throws on what it does not support. */
export function parseTemplate(source: string): Node[] {
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'if' }> }[] = [];
  const current = () => (stack.length ? (stack.at(-1)?.node.branches.at(-1)?.body as Node[]) : root);
  const re = /\{\{(-?)\s*([\s\S]*?)\s*(-?)\}\}/g;
  let last = 0;
  let trimNext = false;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    let text = source.slice(last, m.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (m[1] === '-') text = text.replace(/\s+$/, '');
    if (text) current().push({ kind: 'text', text });
    trimNext = m[3] === '-';
    last = re.lastIndex;
    const action = m[2];
    if (action.startsWith('/*')) continue;
    if (action.startsWith('if ')) {
      const node: Extract<Node, { kind: 'if' }> = {
        kind: 'if',
        branches: [{ cond: parseCond(action.slice(3), action), body: [] }],
      };
      current().push(node);
      stack.push({ node });
    } else if (action.startsWith('else if ')) {
      const top = stack.at(-1);
      if (!top) throw new Error('{{ else if }} outside {{ if }}');
      top.node.branches.push({ cond: parseCond(action.slice(8), action), body: [] });
    } else if (action === 'else') {
      const top = stack.at(-1);
      if (!top) throw new Error('{{ else }} outside {{ if }}');
      top.node.branches.push({ cond: null, body: [] });
    } else if (action === 'end') {
      if (!stack.pop()) throw new Error('{{ end }} without {{ if }}');
    } else {
      current().push({ kind: 'value', arg: parseArg(action, action) });
    }
  }
  if (stack.length) throw new Error('{{ if }} without {{ end }}');
  let tail = source.slice(last);
  if (trimNext) tail = tail.replace(/^\s+/, '');
  if (tail) root.push({ kind: 'text', text: tail });
  return root;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');

function lookup(arg: Arg, data: TemplateData): unknown {
  if ('literal' in arg) return arg.literal;
  let v: unknown = data;
  for (const key of arg.path)
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

const show = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function holds(cond: Cond, data: TemplateData): boolean {
  if (cond.op === 'truthy') {
    const v = lookup(cond.a, data);
    return v !== undefined && v !== null && v !== false && v !== '' && v !== 0;
  }
  const same = show(lookup(cond.a, data)) === show(lookup(cond.b, data));
  return cond.op === 'eq' ? same : !same;
}

/** Renders parsed nodes; `html` escapes the values. */
export function renderTemplate(nodes: Node[], data: TemplateData, html: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') {
      const v = show(lookup(node.arg, data));
      out += html ? escapeHtml(v) : v;
    } else {
      const branch = node.branches.find((b) => b.cond === null || holds(b.cond, data));
      if (branch) out += renderTemplate(branch.body, data, html);
    }
  }
  return out;
}
