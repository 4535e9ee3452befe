// The dev mailbox as pages a person reads: the list (filterable by address) and one mail,
// its links clickable and its HTML shown in a sandboxed frame.
import type { StoredMail } from './store.ts';

const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
  :root { color-scheme: light dark; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --bg: #fff; --accent: #0a66c2; }
  @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --muted: #a1a1a6; --line: #3a3a3c; --bg: #1c1c1e; --accent: #4da3ff; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  a { color: var(--accent); }
  form.filter { display: flex; gap: 8px; margin-bottom: 16px; flex-wrap: wrap; }
  input[type=email], input[type=text] { flex: 1; min-width: 200px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; background: transparent; color: inherit; }
  button { padding: 6px 14px; border: 1px solid var(--line); border-radius: 6px; background: transparent; color: inherit; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-weight: 600; color: var(--muted); font-size: 13px; }
  td.when { white-space: nowrap; color: var(--muted); font-size: 13px; }
  .kind { display: inline-block; font-size: 12px; padding: 1px 8px; border: 1px solid var(--line); border-radius: 999px; }
  .empty { color: var(--muted); padding: 24px 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { color: var(--muted); }
  dd { margin: 0; word-break: break-all; }
  ul.links { padding-left: 20px; word-break: break-all; }
  iframe { width: 100%; height: 640px; min-height: 320px; resize: vertical; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-all; border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
`;

function layout(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main>
<script nonce="${nonce}">
for (const b of document.querySelectorAll('[data-delete]')) {
  b.addEventListener('click', async () => {
    if (!confirm('Delete these mails?')) return;
    await fetch(b.dataset.delete, { method: 'DELETE' });
    location.href = b.dataset.after;
  });
}
</script></body></html>`;
}

export function listPage(mails: StoredMail[], base: string, to: string | null, nonce: string): string {
  const rows = mails
    .map(
      (m) => `<tr>
  <td class="when"><time datetime="${esc(m.created_at)}">${esc(m.created_at.replace('T', ' ').slice(0, 19))}</time></td>
  <td>${esc(m.to)}</td>
  <td><span class="kind">${esc(m.kind)}</span></td>
  <td><a href="${base}/messages/${encodeURIComponent(m.id)}">${esc(m.subject)}</a></td>
</tr>`,
    )
    .join('\n');
  const deleteUrl = `${base}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`;
  const body = `<h1>Dev mailbox</h1>
<form class="filter" method="get" action="${base}">
  <label for="to" hidden>Address</label>
  <input id="to" name="to" type="text" placeholder="Filter by address" value="${esc(to ?? '')}">
  <button type="submit">Filter</button>
  <a href="${base}">All</a>
  <button type="button" data-delete="${esc(deleteUrl)}" data-after="${base}">Delete ${to ? 'these' : 'all'}</button>
</form>
${
  mails.length
    ? `<table><thead><tr><th>Received (UTC)</th><th>To</th><th>Kind</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="empty">No mail yet.</p>'
}`;
  return layout('Dev mailbox', body, nonce);
}

export function mailPage(m: StoredMail, base: string, nonce: string): string {
  const links = m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
  const frame = `<base target="_blank">${m.html}`;
  const body = `<p><a href="${base}">← All mail</a></p>
<h1>${esc(m.subject)}</h1>
<dl>
  <dt>To</dt><dd>${esc(m.to)}</dd>
  <dt>Kind</dt><dd>${esc(m.kind)}</dd>
  <dt>Received</dt><dd>${esc(m.created_at)}</dd>
</dl>
${links ? `<h2>Links</h2><ul class="links">${links}</ul>` : ''}
<h2>Message</h2>
<iframe title="Mail body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(frame)}"></iframe>
<h2>Plain text</h2>
<pre>${esc(m.text)}</pre>
<p><button type="button" data-delete="${base}/api/messages/${encodeURIComponent(m.id)}" data-after="${base}">Delete</button></p>`;
  return layout(m.subject, body, nonce);
}

export function notFoundPage(base: string, nonce: string): string {
  return layout('Not found', `<h1>Mail not found</h1><p><a href="${base}">All mail</a></p>`, nonce);
}
