import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { backupName, backupTime } from './backups'

describe('backup names', () => {
  it('tell when the backup was saved (the recovery notice says which backup opened)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(backupTime(backupName(at))?.toISOString()).toBe(at.toISOString())
        },
      ),
    )
    expect(backupTime('c1.json.bad-20250101T000000000Z')).toBeNull()
  })
})
