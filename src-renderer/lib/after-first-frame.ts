// Runs something once the browser has painted the next frame: an animation frame callback runs
// just before that frame's paint, and a task it posts runs after it. What the first frame does
// not need (the docks' panels beside the board, the page's address) waits here, so the first
// frame after opening a campaign is the board (issue 29). A page that paints no frames (a hidden
// window) runs it after `latestMs` all the same.
export function afterFirstFrame(run: () => void, latestMs = 250): () => void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    cancel()
    run()
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(once, 0)
  })
  const latest = setTimeout(once, latestMs)
  function cancel(): void {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
    clearTimeout(latest)
  }
  return () => {
    done = true
    cancel()
  }
}
