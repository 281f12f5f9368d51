// 例外: skills whose 射程, 対象 or movement the square-combat text rewrites. The table is data so a
// GM can add entries per scenario (`"dystopia": {"skills": [...]}`); the text's four ship as the
// defaults. A skill that is not in the table is used as written (「射程については下記の例外を
// 除いてそのまま扱う」), so an unknown name is not an error.
import { z } from 'zod'
import { SHAPES } from './shapes'
import { parseRange } from './geometry'

export const skillMoveSchema = z.discriminatedUnion('kind', [
  /** 《音速閃》: 「最前列に移動→攻撃対象のいるマスに移動」. */
  z.object({ kind: z.literal('to-target-square') }),
  /**
   * AB: 「1マス後退する。→GMが決定する。(迷う場合はユニットのいないマスに移動。)」 Any square within
   * `steps` the GM likes; squares with no unit are suggested.
   */
  z.object({
    kind: z.literal('gm-choice'),
    steps: z.number().int().min(1).max(10),
    preferEmpty: z.boolean().optional(),
  }),
])
export type SkillMove = z.infer<typeof skillMoveSchema>

export const skillOverrideSchema = z.object({
  /** Class, race or enemy the skill belongs to, as the text abbreviates it (半魚人, WR, WT, AB). */
  owner: z.string().min(1).max(100),
  /** The skill's name without 《》; absent = every skill of `owner`. */
  skill: z.string().min(1).max(100).optional(),
  range: z
    .string()
    .max(20)
    .refine((r) => parseRange(r) !== null, { message: 'not a range like "0-3"' })
    .optional(),
  shape: z.enum(SHAPES).optional(),
  move: skillMoveSchema.optional(),
  /** The rule text's own words, shown to the GM. */
  text: z.string().max(500).optional(),
})
export type SkillOverride = z.infer<typeof skillOverrideSchema>

export const DEFAULT_SKILL_OVERRIDES: readonly SkillOverride[] = [
  {
    owner: '半魚人',
    skill: 'ウォーターワールド',
    range: '0-10',
    shape: 'scene',
    text: '「射程:0-10」「対象:場面」に変更。',
  },
  {
    owner: 'WR',
    skill: '音速閃',
    move: { kind: 'to-target-square' },
    text: '最前列に移動→攻撃対象のいるマスに移動',
  },
  {
    owner: 'WT',
    skill: '降雨術',
    range: '0-10',
    shape: 'scene',
    text: '「射程:0-10」「対象:場面」に変更。',
  },
  {
    owner: 'AB',
    move: { kind: 'gm-choice', steps: 1, preferEmpty: true },
    text: 'ABのスキル全般 1マス後退する。→GMが決定する。(迷う場合はユニットのいないマスに移動。)',
  },
]

function entryKey(entry: Pick<SkillOverride, 'owner' | 'skill'>): string {
  return `${entry.owner}《${entry.skill ?? '*'}》`
}

/** The display name, e.g. 半魚人《ウォーターワールド》, or AB《*》 for a whole owner. */
export function skillOverrideName(entry: SkillOverride): string {
  return entryKey(entry)
}

/** Defaults first; a scenario entry with the same owner and skill replaces the default. */
export function buildSkillTable(extra: readonly SkillOverride[] = []): SkillOverride[] {
  const byKey = new Map<string, SkillOverride>()
  for (const e of [...DEFAULT_SKILL_OVERRIDES, ...extra]) byKey.set(entryKey(e), e)
  return [...byKey.values()]
}

/** Splits 「半魚人《ウォーターワールド》」 into owner and skill; a bare name has no owner. */
export function parseSkillName(name: string): { owner?: string; skill: string } {
  const m = /^(.*?)\s*[《『](.+)[》』]\s*$/.exec(name.trim())
  if (m) return m[1] ? { owner: m[1].trim(), skill: m[2].trim() } : { skill: m[2].trim() }
  return { skill: name.trim() }
}

/**
 * The override for a skill name, if any: an exact owner + skill entry first, then a bare skill
 * name matched against every owner, then the owner-wide entry (AB《何か》 → AB's).
 */
export function findSkillOverride(
  table: readonly SkillOverride[],
  name: string,
): SkillOverride | undefined {
  const { owner, skill } = parseSkillName(name)
  if (owner !== undefined) {
    return (
      table.find((e) => e.owner === owner && e.skill === skill) ??
      table.find((e) => e.owner === owner && e.skill === undefined)
    )
  }
  return (
    table.find((e) => e.skill === skill) ??
    // A bare owner name ("AB") asks for that owner's whole-class entry.
    table.find((e) => e.owner === skill && e.skill === undefined)
  )
}
