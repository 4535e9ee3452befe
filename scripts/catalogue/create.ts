// npm run catalogue:create [-- --models sofia,nikos] [--out catalogue-created] [--no-import] [--local]
// Makes the 15 catalogue models (people.ts) in the three views the poses need with FASHN, as
// the Custom Model Creator makes a seller's model, writes a contact sheet per model to review,
// and imports them with catalogue:import (models and pose cards; backgrounds and video styles
// are kept). FASHN_API_KEY (and FASHN_API_URL) for the real API, or --local for the local
// stack's /_dev/fashn; without either it says what it needs and exits 2. A view already made
// (manifest.json in the output folder) is not asked for again. docs/catalogue.md.
//
// The request builder is the edge functions' own code, which imports `npm:fashn@…` as Deno
// does: the npm: specifier hooks are registered before it is loaded.
import { register } from 'node:module';
import { loadConfig } from '../../supabase/local/config.ts';

register(new URL('../../supabase/local/functions/npm-specifier-hooks.mjs', import.meta.url));
const { parseArgs } = await import('./create-plan.ts');
const { createCatalogue } = await import('./create-run.ts');

const config = parseArgs(process.argv.slice(2), process.env, { localPort: loadConfig().port });
if ('error' in config) {
  console.error(config.error);
  process.exitCode = 2;
} else {
  try {
    const result = await createCatalogue(config);
    if (result.failed.length > 0 || (result.imported && result.imported.errors.length > 0))
      process.exitCode = 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
