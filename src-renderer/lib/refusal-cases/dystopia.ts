// DysTopiA's refusals: a square holds at most four units.
import { type Cause, dy, path, BOARD } from './cases'

export const DYSTOPIA_CAUSES: Cause[] = [
  // DysTopiA.
  {
    code: 'square-full',
    en: /already holds 4 units/,
    ja: /人数制限は4体まで/,
    cases: [
      dy(BOARD('a B . . . .'), path('a', [1, 0], 'sub'), {
        tokens: { C: { at: [1, 0] }, D: { at: [1, 0] }, E: { at: [1, 0] } },
      }),
    ],
  },
]
