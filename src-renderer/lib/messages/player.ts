// Player view and projector UI text. Every area keeps its own English and Japanese dictionaries; lib/i18n.ts merges
// them, and `satisfies` makes a key missing from Japanese a type error.
export const en = {} as const

export const ja = {} satisfies Record<keyof typeof en, string>
