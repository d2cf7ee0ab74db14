/**
 * The shell's first script, built from web/app/words-first.ts into a few hundred bytes that run inline before the
 * prerendered page is parsed (build/html.ts; allowed by its hash, build/csp.ts).
 */
import path from 'node:path';
import * as esbuild from 'esbuild';

const SOURCE = 'web/app/words-first.ts';
const HOLD_SOURCE = 'web/app/install/early.ts';

export async function wordsFirstScript(root: string): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      // Then the install's part: Chromium's install event held, the manifest in the reader's words (decision 0022).
      contents: `import { nameReaderLanguageInPage } from './${SOURCE}';\nimport { installFirst } from './${HOLD_SOURCE}';\nnameReaderLanguageInPage();\ninstallFirst(window, document);\n`,
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'words-first-inline.ts',
    },
    absWorkingDir: path.resolve(root),
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (!code || code.includes('</script')) throw new Error(`${SOURCE}: no inline script could be built from it`);
  return code;
}
