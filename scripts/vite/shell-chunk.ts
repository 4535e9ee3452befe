// One file for the signed-in shell's code.
//
// Rolldown puts each module that several lazy screens share into a chunk of its own kind
// (what exactly these screens share), so the signed-in first screen came as ~35 small files
// (use-auth 0.6 KiB, queryOptions 0.3 KiB…). Over HTTP/1.1 a browser opens six connections
// to a host and each file costs a round trip on one of them, and each modulepreload
// index.html's first-screen script adds costs the main thread 2–4 ms on a phone.
//
// Every signed-in screen renders inside routes/_app.tsx's shell, so whatever the shell needs
// is loaded with every one of them: those modules can share one file without any screen
// loading code it does not run. Modules the signed-out screens (or the entry) also use stay
// where Rolldown puts them, so /login does not load the shell.
import type { Plugin, Rolldown } from 'vite';

type ModuleGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): Rolldown.ModuleInfo | null;
};

const SHELL_ROUTE = /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=/;
const SIGNED_OUT_ROUTE = /[\\/]src[\\/]routes[\\/](?!_app[\\/.]).*\.tsx\?tsr-split=/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
  }
  return seen;
}

/** The plugin that finds the shell's modules, and the chunk group that gathers them. */
export function signedInShellChunk() {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'drape:signed-in-shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const roots = (re: RegExp) => ids.filter((id) => re.test(id));
      const needed = staticClosure(this, roots(SHELL_ROUTE));
      const elsewhere = staticClosure(this, [...roots(SIGNED_OUT_ROUTE), ...roots(ENTRY)]);
      shell.clear();
      for (const id of needed) if (!elsewhere.has(id) && !SHELL_ROUTE.test(id)) shell.add(id);
    },
  };
  // Only these modules: what they import from elsewhere stays where Rolldown puts it (by
  // default a group takes its modules' imports along, and /login's form fields with them).
  const group = { name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false };
  return { plugin, group };
}
