// One overlay's answer from main: asked again only when its key changes, optionally after a
// debounce, and an answer that arrives after a newer request was made is dropped (stale).
import { ApiError } from '../lib/api'

export class LatestQuery<T> {
  value = $state.raw<T | null>(null)
  /** The engine's error code and message when the last request failed (e.g. unsupported-query). */
  error = $state.raw<{ code: string; message: string } | null>(null)
  pending = $state(false)
  /** How many requests were actually sent; the e2e tests read it to check overlays stay cheap. */
  sent = $state(0)

  private key: string | null = null
  private generation = 0
  private timer: ReturnType<typeof setTimeout> | null = null

  /** Drop the answer and any request under way. */
  clear(): void {
    this.request(null, () => Promise.reject(new Error('cleared')))
  }

  /** Ask for `key` unless it is the key already asked; a null key clears the answer. */
  request(key: string | null, ask: () => Promise<T>, debounceMs = 0): void {
    if (key === this.key) return
    this.key = key
    const generation = ++this.generation
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (key === null) {
      this.value = null
      this.error = null
      this.pending = false
      return
    }
    this.pending = true
    const send = async () => {
      this.timer = null
      this.sent++
      try {
        const value = await ask()
        if (generation !== this.generation) return
        this.value = value
        this.error = null
      } catch (error) {
        if (generation !== this.generation) return
        this.value = null
        this.error =
          error instanceof ApiError
            ? { code: error.code, message: error.message }
            : { code: 'error', message: error instanceof Error ? error.message : String(error) }
      } finally {
        if (generation === this.generation) this.pending = false
      }
    }
    if (debounceMs > 0) this.timer = setTimeout(() => void send(), debounceMs)
    else void send()
  }

  /** Forget the key so the next request with the same key is sent again. */
  invalidate(): void {
    this.key = null
  }
}
