// Splits a SQL script into its statements, the way psql does: semicolons inside quotes,
// quoted identifiers, dollar-quoted bodies and comments do not end a statement. Each
// statement keeps the comment lines written just above it.
export interface SqlStatement {
  /** the statement with the comments directly above it, without the closing semicolon */
  text: string;
  /** the statement alone (no leading comments or blank lines) */
  body: string;
  /** 1-based line of the statement's first line in the script */
  line: number;
}

export function splitSql(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const chunk = sql.slice(start, end);
    const body = stripLeadingComments(chunk);
    if (body.trim()) {
      const lead = chunk.slice(0, chunk.length - body.length);
      // keep only the comment block touching the statement (after the last blank line)
      const lines = lead.split('\n');
      let k = lines.length - 1;
      while (k > 0 && lines[k - 1].trim() !== '') k--;
      const comments = lines.slice(k).join('\n');
      const offset = start + chunk.length - body.length;
      out.push({
        text: (comments + body).trim(),
        body: body.trim(),
        line: sql.slice(0, offset).split('\n').length,
      });
    }
    start = end + 1;
  };
  while (i < sql.length) {
    const c = sql[i];
    if (c === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'" || c === '"') {
      i++;
      while (i < sql.length) {
        if (sql[i] === c && sql[i + 1] === c) i += 2;
        else if (sql[i] === c) break;
        else i++;
      }
      i++;
    } else if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(sql.slice(i, i + 64));
      if (m && !/[A-Za-z_0-9]/.test(sql[i - 1] ?? '')) {
        const end = sql.indexOf(m[0], i + m[0].length);
        i = end < 0 ? sql.length : end + m[0].length;
      } else i++;
    } else if (c === ';') {
      push(i);
      i++;
    } else i++;
  }
  push(sql.length);
  return out;
}

/** The statement without the blank lines and comments before it. */
export function stripLeadingComments(sql: string): string {
  let i = 0;
  for (;;) {
    while (i < sql.length && /\s/.test(sql[i])) i++;
    if (sql.startsWith('--', i)) {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i);
      i = end < 0 ? sql.length : end + 2;
    } else break;
  }
  // give back the indentation of the first line
  let j = i;
  while (j > 0 && (sql[j - 1] === ' ' || sql[j - 1] === '\t')) j--;
  return sql.slice(j);
}
