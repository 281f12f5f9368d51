// Module resolution hook: `electron` resolves to the stand-in (electron.mjs).
const standIn = new URL('./electron.mjs', import.meta.url).href

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true }
  return nextResolve(specifier, context)
}
