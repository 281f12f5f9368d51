// 戦利金 and the other guild-book arithmetic of seed 004 (冒険の準備). Pure: no state, no I/O.

/** 戦利金算出表: (CL+1) × coefficient G, by CL band. */
export const REWARD_BANDS: ReadonlyArray<{ minCl: number; maxCl: number; coefficient: number }> = [
  { minCl: 1, maxCl: 3, coefficient: 300 },
  { minCl: 4, maxCl: 8, coefficient: 600 },
  { minCl: 9, maxCl: 13, coefficient: 900 },
  { minCl: 14, maxCl: 18, coefficient: 1200 },
]

/** 「係数に+100~200G程度上乗せ」: the GM's extra for a hard fight or a long scenario. */
export const MAX_REWARD_BONUS = 200

/** Each multiplier is 10 %; 「倍率は全て合算してから戦利金額にかける」. */
export const MULTIPLIER_PERCENT = 10

export class RewardError extends Error {
  constructor(
    readonly code: 'cl-out-of-range' | 'bonus-out-of-range',
    message: string,
  ) {
    super(message)
    this.name = 'RewardError'
  }
}

export function rewardCoefficient(cl: number): number {
  const band = REWARD_BANDS.find((b) => Number.isInteger(cl) && cl >= b.minCl && cl <= b.maxCl)
  if (!band) {
    throw new RewardError(
      'cl-out-of-range',
      `The 戦利金算出表 covers CL 1–18; CL ${cl} has no row.`,
    )
  }
  return band.coefficient
}

export interface RewardInput {
  cl: number
  /** Added to the coefficient, 0–200 G. */
  bonus: number
  /** 《名声》 (guild support). */
  fame: boolean
  /** 《目利き》. */
  connoisseur: boolean
  /** 《トレジャーマニア》, for this PC only (「個人のみ」). */
  treasureMania: boolean
}

export interface Reward {
  cl: number
  coefficient: number
  bonus: number
  /** (CL + 1) × (coefficient + bonus). */
  base: number
  /** The summed multipliers, in percent (0, 10, 20 or 30). */
  percent: number
  /** base × (100 + percent) %, rounded down to whole G. */
  amount: number
}

export function computeReward(input: RewardInput): Reward {
  if (!Number.isInteger(input.bonus) || input.bonus < 0 || input.bonus > MAX_REWARD_BONUS) {
    throw new RewardError(
      'bonus-out-of-range',
      `The coefficient bonus must be 0–${MAX_REWARD_BONUS} G.`,
    )
  }
  const coefficient = rewardCoefficient(input.cl)
  const base = (input.cl + 1) * (coefficient + input.bonus)
  const percent =
    MULTIPLIER_PERCENT * [input.fame, input.connoisseur, input.treasureMania].filter(Boolean).length
  // Integer arithmetic: base × (100 + percent) is exact, then one division.
  const amount = Math.floor((base * (100 + percent)) / 100)
  return { cl: input.cl, coefficient, bonus: input.bonus, base, percent, amount }
}

/**
 * ▼スティール: 「《スティール》は効果に書かれている通り、ドロップ品決定ロールを行う。この時[戦利金]の
 * 算出の場合と重複するが、《目利き》や《トレジャーマニア》の効果を適用してもよい」. The stolen drop's
 * sale price takes the same 10 % steps, summed first (《トレジャーマニア》: the stealer's own).
 */
export function stealValue(
  price: number,
  flags: { connoisseur: boolean; treasureMania: boolean },
): { price: number; percent: number; amount: number } {
  if (!Number.isInteger(price) || price < 0)
    throw new RangeError(`A price is a whole number of G, not ${price}.`)
  const percent =
    MULTIPLIER_PERCENT * [flags.connoisseur, flags.treasureMania].filter(Boolean).length
  return { price, percent, amount: Math.floor((price * (100 + percent)) / 100) }
}

/** Supports whose effect also reaches members who arrived after it was used (seed 004). */
export const LATE_ARRIVAL_EFFECTS = ['蘇生', '祝福', '最後の力'] as const

export type Attendance = 'present' | 'absent' | 'late'

/**
 * 「ギルドメンバーを対象とする効果は原則としてその場にいるギルドメンバーのみ」; late arrivals
 * also get 《蘇生》《祝福》《最後の力》 when the GM ticks the exception.
 */
export function effectTargets<M extends { id: string; attendance: Attendance }>(
  members: readonly M[],
  effect: string,
  lateException: boolean,
): M[] {
  const lateCounts = lateException && isLateArrivalEffect(effect)
  return members.filter(
    (m) => m.attendance === 'present' || (lateCounts && m.attendance === 'late'),
  )
}

export function isLateArrivalEffect(effect: string): boolean {
  const bare = effect.replace(/[《》\s]/g, '')
  return (LATE_ARRIVAL_EFFECTS as readonly string[]).includes(bare)
}

/** 「冒険の途中で[平均PC人数×3]個程度」 consumables per adventure. */
export function consumablesHint(averagePcs: number): number {
  return Math.max(0, Math.round(averagePcs * 3))
}

/**
 * ▼アイテム鑑定ボーナスの読み替え: 「[アイテム鑑定]にボーナスを与えるスキルを持っているキャラクターは
 * 「ポーションを1D6個」などといった状況下で入手できる消耗品の量が+1個」: +1 per such PC there, and
 * only where the count was rolled.
 */
export function lootQuantity(count: number, countRolled: boolean, appraisers: number): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`A count of items is 1 or more, not ${count}.`)
  return count + (countRolled ? Math.max(0, appraisers) : 0)
}

/** The seed's 2D6 table of items found in a dungeon, rows 2..12. */
export const DEFAULT_LOOT_TABLE: readonly string[] = [
  '通常の装備品（合わないものも含む）',
  'ハイHPポーション',
  '矢弾 →『R1』177、『R2』93',
  '果実',
  'HPポーション',
  'MPポーション',
  'にく',
  '野菜',
  '装飾品 →『R1』P177',
  'ハイMPポーション',
  '後で売却できる美術品',
]

export function lootRow(table: readonly string[], total: number): string {
  if (!Number.isInteger(total) || total < 2 || total > 12) {
    throw new RangeError(`A 2D6 total is 2–12, not ${total}.`)
  }
  return table[total - 2]
}
