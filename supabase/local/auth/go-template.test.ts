import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate } from './go-template.ts';

const render = (source: string, data: Record<string, unknown>, html = true) =>
  renderTemplate(parseTemplate(source), data, html);

describe('Go template subset of the auth mails', () => {
  it('chooses the branch by the seller’s language, with else if and else', () => {
    const t =
      '{{ if eq .Data.language "el" }}Γεια{{ else if eq .Data.language "de" }}Hallo{{ else }}Hi{{ end }}';
    expect(render(t, { Data: { language: 'el' } })).toBe('Γεια');
    expect(render(t, { Data: { language: 'de' } })).toBe('Hallo');
    expect(render(t, { Data: {} })).toBe('Hi');
    expect(render('{{ if ne .Data.language "el" }}en{{ end }}', { Data: { language: 'en' } })).toBe('en');
    expect(render('{{ if .NewEmail }}to {{ .NewEmail }}{{ end }}', { NewEmail: '' })).toBe('');
  });

  it('escapes values in HTML, not in a subject, and trims around {{- -}}', () => {
    expect(render('<a href="{{ .ConfirmationURL }}">', { ConfirmationURL: 'https://x/v?a=1&b="2"' })).toBe(
      '<a href="https://x/v?a=1&amp;b=&#34;2&#34;">',
    );
    expect(render('{{ .Email }}', { Email: 'a<b>' }, false)).toBe('a<b>');
    expect(render('a  {{- .X -}}  b', { X: '1' })).toBe('a1b');
  });

  it('refuses what it does not render like Go', () => {
    expect(() => parseTemplate('{{ range .Items }}x{{ end }}')).toThrow(/unsupported/);
    expect(() => parseTemplate('{{ if eq .A "x" }}open')).toThrow(/without \{\{ end \}\}/);
    expect(() => parseTemplate('{{ .Data.language | upper }}')).toThrow(/unsupported/);
  });
});
