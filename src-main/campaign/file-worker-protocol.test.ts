// The file worker's answer to a read (issue 29): the campaign crosses the thread boundary as its
// JSON text, one string, and comes out as the same campaign.
import { deserialize, serialize } from 'node:v8'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Campaign } from '@core/campaign/schema'
import { makeCampaign, makeMap } from '@core/campaign/test-helpers'
import type { ReadCampaign } from './campaign-file'
import { packRead, unpackRead } from './file-worker-protocol'

const readOf = (campaign: Campaign): ReadCampaign => ({
  decoded: {
    campaign,
    fromVersion: 4,
    repairs: [{ code: 'campaign-id-mismatch', innerId: 'a', fileId: 'b' }],
    pictures: [{ hash: 'h', bytes: new Uint8Array([1, 2, 3]) }],
  },
  hash: 'abc',
  savedBytes: 1234,
  checkedForList: true,
})

describe('a read answered by the file worker', () => {
  it('carries the campaign as one string and gives back the same read (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 4 }),
        (extra) => {
          const campaign = makeCampaign({
            maps: extra.map((fields, i) => ({ ...fields, ...makeMap({ id: `m${i}` }) })),
          })
          const read = readOf(campaign)
          const packed = packRead(read)
          expect(typeof packed.decoded.campaignJson).toBe('string')
          expect('campaign' in packed.decoded).toBe(false)
          // As the message port copies it (structured clone), then unpacked on main.
          const copied = deserialize(serialize(packed)) as typeof packed
          const { decoded, ...rest } = unpackRead(copied)
          const { campaign: back, ...others } = decoded
          expect(back).toEqual(JSON.parse(JSON.stringify(campaign)) as unknown)
          const { campaign: _sent, ...sentOthers } = read.decoded
          expect(others).toEqual(sentOthers)
          expect({ ...rest, decoded: null }).toEqual({ ...read, decoded: null })
        },
      ),
      { numRuns: 60 },
    )
  })
})
