import { it } from 'vitest'
import { ask } from './systems/pathfinder/test-support'
it('dbg', () => {
  const map = `
    . . . . . .

    . . . .|. .
          -
    . . . . . .

    . . . . . .

    . . . . . .
  `
})
