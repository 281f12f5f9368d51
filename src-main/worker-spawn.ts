// Starts a worker thread from a module beside the caller: the built file next to the desktop
// app's main bundle, or, running from source (tsx, vitest), the .ts source through tsx's API
// (a worker does not inherit the loader hooks).
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * @param callerUrl the caller's import.meta.url
 * @param builtFile the worker's file name in the built bundle (beside out/main/index.js)
 * @param sourceFile the worker's .ts source, relative to the caller's folder
 * @param resourceLimits the worker's heap and stack limits (past them it is stopped, not the app)
 */
export function spawnModuleWorker(
  callerUrl: string,
  builtFile: string,
  sourceFile: string,
  resourceLimits?: ResourceLimits,
): Worker {
  const here = fileURLToPath(callerUrl)
  if (!here.endsWith('.ts'))
    return new Worker(path.join(path.dirname(here), builtFile), { resourceLimits })
  const require = createRequire(here)
  const tsxPackage = require.resolve('tsx/package.json')
  const api = (require(tsxPackage) as { exports: Record<string, { import: { default: string } }> })
    .exports['./esm/api'].import.default
  const apiUrl = pathToFileURL(path.join(path.dirname(tsxPackage), api)).href
  const source = pathToFileURL(path.join(path.dirname(here), sourceFile)).href
  const code = `import(${JSON.stringify(apiUrl)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`
  return new Worker(code, { eval: true, resourceLimits })
}
