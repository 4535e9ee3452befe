// A file name made safe for every file system a seller may save to: no path separators or
// characters Windows refuses, no control characters, no leading or trailing dots and spaces,
// not a reserved device name, at most 100 characters; Greek and other letters stay.

const FALLBACK = 'Drape image';
const MAX_LENGTH = 100;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function safeFileStem(name: string, fallback = FALLBACK): string {
  let stem = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if ([...stem].length > MAX_LENGTH) stem = [...stem].slice(0, MAX_LENGTH).join('').trim();
  if (!stem || RESERVED.test(stem)) return stem ? `${stem} image` : fallback;
  return stem;
}

/** 'linen-shirt' from 'Linen shirt.HEIC': a name's base in plain lower-case ASCII (accents
 *  dropped, anything else a dash, at most 80 characters), for names Drape makes; '' if none is left. */
export function asciiFileStem(originalName: string): string {
  const base = (originalName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .toLowerCase();
}

/** "name.ext" split at its last dot; the extension lower-case letters and digits only, or ''. */
export function splitExtension(name: string): { stem: string; ext: string } {
  const match = /^(.*)\.([A-Za-z0-9]{1,5})$/.exec(name.trim());
  return match ? { stem: match[1], ext: match[2].toLowerCase() } : { stem: name, ext: '' };
}

/** A whole file name made safe (the stem as above, the extension kept). */
export function safeFileName(name: string, fallback = 'file'): string {
  const { stem, ext } = splitExtension(name);
  const safe = safeFileStem(stem, fallback);
  return ext ? `${safe}.${ext}` : safe;
}

/**
 * Names made safe and unique in one folder, in order: a second "Dress.png" becomes
 * "Dress (2).png". Case-insensitive, as Windows and macOS compare names.
 */
export function uniqueFileNames(names: string[], fallback = 'file'): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const safe = safeFileName(name, fallback);
    const { stem, ext } = splitExtension(safe);
    let candidate = safe;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = ext ? `${stem} (${n}).${ext}` : `${stem} (${n})`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
