// Node module-resolve hooks (module.register) that let edge functions written for Deno load
// in the local stack: `npm:pkg@version/sub` resolves to the installed `pkg/sub` from the
// project's node_modules (the version is Deno's business; locally the installed one is
// used). `jsr:` and http(s) URL imports are not supported locally and fail with a message
// that says so. Plain JavaScript: hooks run on Node's loader thread, before tsx is there.

/** `npm:@scope/name@^2/sub/path` → `@scope/name/sub/path`; `npm:name@1` → `name` */
export function npmSpecifierToBare(specifier) {
  let rest = specifier.slice('npm:'.length).replace(/^\/+/, '');
  let scope = '';
  if (rest.startsWith('@')) {
    const slash = rest.indexOf('/');
    if (slash === -1) return null;
    scope = rest.slice(0, slash + 1);
    rest = rest.slice(slash + 1);
  }
  const slash = rest.indexOf('/');
  const nameAndVersion = slash === -1 ? rest : rest.slice(0, slash);
  const subpath = slash === -1 ? '' : rest.slice(slash);
  const at = nameAndVersion.indexOf('@');
  const name = at === -1 ? nameAndVersion : nameAndVersion.slice(0, at);
  if (!name) return null;
  return `${scope}${name}${subpath}`;
}

function unsupported(specifier, parentURL) {
  const err = new Error(
    `Cannot import "${specifier}"${parentURL ? ` from ${parentURL.split('?')[0]}` : ''}: the local functions runtime ` +
      `resolves only npm: specifiers (from node_modules), node: built-ins and relative files. ` +
      `jsr: and URL imports work on hosted Supabase but not locally; use the npm: package instead ` +
      `(for example npm:@supabase/supabase-js@2) and add it to package.json.`,
  );
  err.code = 'ERR_UNSUPPORTED_FUNCTION_IMPORT';
  return err;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('npm:')) {
    const bare = npmSpecifierToBare(specifier);
    if (!bare) throw unsupported(specifier, context.parentURL);
    return nextResolve(bare, context);
  }
  if (specifier.startsWith('jsr:') || specifier.startsWith('https://') || specifier.startsWith('http://')) {
    throw unsupported(specifier, context.parentURL);
  }
  return nextResolve(specifier, context);
}
