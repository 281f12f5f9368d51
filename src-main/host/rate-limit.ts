// Token buckets for the LAN view: one per connection for messages, one per remote address for
// failed join attempts. Time comes from an injected clock so tests need no waiting.

export interface Bucket {
  /** Takes one token; false when the bucket is empty (the caller refuses the request). */
  take(): boolean
}

export function tokenBucket(
  capacity: number,
  refillPerSecond: number,
  now: () => number = Date.now,
): Bucket {
  let tokens = capacity
  let last = now()
  return {
    take() {
      const t = now()
      tokens = Math.min(capacity, tokens + ((t - last) / 1000) * refillPerSecond)
      last = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    },
  }
}

/** Buckets by key (remote address), forgetting idle keys so the map cannot grow without bound. */
export class KeyedLimiter {
  private readonly buckets = new Map<string, { bucket: Bucket; seen: number }>()
  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 1000,
  ) {}

  take(key: string): boolean {
    let entry = this.buckets.get(key)
    if (!entry) {
      if (this.buckets.size >= this.maxKeys) this.evictOldest()
      entry = {
        bucket: tokenBucket(this.capacity, this.refillPerSecond, this.now),
        seen: this.now(),
      }
      this.buckets.set(key, entry)
    }
    entry.seen = this.now()
    return entry.bucket.take()
  }

  private evictOldest(): void {
    let oldestKey: string | undefined
    let oldest = Infinity
    for (const [key, entry] of this.buckets) {
      if (entry.seen < oldest) {
        oldest = entry.seen
        oldestKey = key
      }
    }
    if (oldestKey !== undefined) this.buckets.delete(oldestKey)
  }
}
