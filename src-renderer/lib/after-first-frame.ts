// Runs something once the browser has painted the next frame: an animation frame callback runs
// just before that frame's paint, and a task it posts runs after it. What the first frame does
// not need (the docks' panels beside the board) waits here, so the first frame after opening a
// campaign is the board (issue 29).
export function afterFirstFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}
