// Fight overlays UI text. Every area keeps its own English and Japanese dictionaries; lib/i18n.ts merges
// them, and `satisfies` makes a key missing from Japanese a type error.
export const en = {
  'fight.layer': 'Fight overlays',
  'fight.panel': 'Fight',
} as const

export const ja = {
  'fight.layer': '戦闘オーバーレイ',
  'fight.panel': '戦闘',
} satisfies Record<keyof typeof en, string>
