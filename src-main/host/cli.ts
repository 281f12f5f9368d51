// `npm run web`: runs the host until Ctrl+C, then writes pending saves before exiting.
import { mkdir } from 'node:fs/promises'
import { parseHostArgs } from './cli-args'
import { DataFolderLockedError } from '../campaign/data-lock'
import { startHost } from './server'

async function main(): Promise<void> {
  const options = parseHostArgs(process.argv.slice(2))
  await mkdir(options.dataDir, { recursive: true })
  const host = await startHost({ dataDir: options.dataDir, port: options.port })
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: saving and stopping…`)
    host.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not save on exit:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  // Announced only once Ctrl+C is handled, so a stop right after the message still saves.
  console.log(
    `Grid GM is running at ${host.url}gm.html#open=latest  (player view: ${host.url}player.html)`,
  )
  console.log(`Campaigns are kept in ${options.dataDir}. Press Ctrl+C to stop.`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  // A folder in use is an expected refusal, told apart from a crash by its exit code.
  process.exit(error instanceof DataFolderLockedError ? 3 : 1)
})
