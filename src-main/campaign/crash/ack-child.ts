// Child process of crash-acks.test.ts: the crash child's loop (a step made durable, then its ack
// line printed, then the next step) without the campaign service, each step's change a line
// appended to a file, and a kill point of its own instead of the parent's. The parent does not
// read (a parent busy on a loaded machine); the child SIGKILLs itself ten steps after an ack line
// first had to wait in this process, or as soon as it stops to wait for one.
// Usage: node ack-child.mjs <madeFile>
import { appendFileSync } from 'node:fs'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { printLine } from './print-line'

const madeFile = process.argv[2]
if (!madeFile) throw new Error('usage: ack-child <madeFile>')

let step = 0
let queuedAt = 0
function killIfDue(waiting: boolean): void {
  if (queuedAt === 0 && process.stdout.writableLength > 0) queuedAt = step
  if (queuedAt > 0 && (waiting || step >= queuedAt + 10)) process.kill(process.pid, 'SIGKILL')
}

for (;;) {
  step++
  // The step's change, on disk before it is acknowledged (the journal's fsync, in the crash child).
  appendFileSync(madeFile, `${step}\n`)
  let out = false
  const printed = printLine(`ack ${step} ${step}\n`).then(() => (out = true))
  killIfDue(false)
  await Promise.race([printed, nextTurn().then(() => killIfDue(!out))])
  await nextTurn()
}
