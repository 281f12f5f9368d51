// How the crash tests' children report an acknowledgement to their parent. stdout to a parent
// is a Unix socket (libuv's stdio "pipe"), and Node writes to it synchronously only while the
// socket has room: a parent that is not reading (busy on a loaded machine) lets ~170 short lines
// in, then every further write waits in this process's memory while the child goes on. A SIGKILL
// then drops those lines, so the parent counts fewer acknowledgements than the child made, and
// the campaign it reopens holds changes "beyond" them (the crash test's intermittent failure:
// 171 acks counted, 412 steps on disk). Waiting for the write to reach the socket keeps the child
// from starting a step before the parent can read the acknowledgement of the one before.
import type { Writable } from 'node:stream'

/** Resolves once `line` is out of this process (handed to the OS), never before. */
export function printLine(line: string, stream: Writable = process.stdout): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(line, (error) => (error ? reject(error) : resolve()))
  })
}
